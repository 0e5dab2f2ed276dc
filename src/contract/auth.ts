import { z } from 'zod';
import { PortfolioOwner } from './portfolio.ts';

import { CurrentPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './common.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const LoginRequest = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The signed-in owner: the public portfolio fields plus the recovery email. */
export const CurrentUser = PortfolioOwner.extend({ email: z.string().nullable() });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const ChangePasswordRequest = z.object({
  currentPassword: CurrentPassword,
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, 'New password must be at least 6 characters')
    .max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The dialog's form: the confirmation is checked here and never sent. */
export const ChangePasswordForm = ChangePasswordRequest.extend({
  confirmPassword: z.string().min(PASSWORD_MIN_LENGTH, 'Please confirm your new password'),
}).refine((form) => form.newPassword === form.confirmPassword, {
  message: "Passwords don't match",
  path: ['confirmPassword'],
});
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

export const ForgotPasswordRequest = z.object({
  email: z.email('Valid email is required').max(254),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** A one-time sign-in link, mailed to the recovery address: the way in for a new browser. */
export const SignInLinkRequest = ForgotPasswordRequest;
export type SignInLinkRequest = z.infer<typeof SignInLinkRequest>;

export const UseSignInLinkRequest = z.object({
  token: z.string().min(1, 'Invalid sign-in link').max(200),
});
export type UseSignInLinkRequest = z.infer<typeof UseSignInLinkRequest>;

export const ResetPasswordRequest = z.object({
  token: z.string().min(1, 'Invalid reset token').max(200),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
    .max(PASSWORD_MAX_LENGTH),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ResetPasswordForm = z
  .object({
    newPassword: ResetPasswordRequest.shape.newPassword,
    confirmPassword: z.string().min(PASSWORD_MIN_LENGTH, 'Please confirm your password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

