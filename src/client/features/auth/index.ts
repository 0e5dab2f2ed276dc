// What other features may use of auth; everything else in this folder is its own.
export { useAuth } from '#client/features/auth/api/get-user.ts';
