// What other features may use of photos; everything else in this folder is its own.
export { PhotoImage } from '#client/features/photos/components/photo-image.tsx';
