/**
 * The code only a signed-in owner runs, whose texts are the owner catalog's. A file here must never
 * be reached by a visitor's code but through the owner's page (app/owner-code.ts), and a file reached
 * only that way belongs here: tests/unit/owner-catalog.test.ts follows the imports and says which.
 */
export const OWNER_CODE = [
  'src/client/app/admin/**',
  'src/client/app/routes/owner-portfolio.tsx',
  'src/client/components/{dialog-form-footer,drag-handle,license-picker,panel-card,shown-once}.tsx',
  'src/client/features/categories/components/**',
  'src/client/features/categories/api/{create-category,delete-category,reorder-categories,update-category}.ts',
  'src/client/features/auth/api/{security,tokens}.ts',
  'src/client/features/galleries/api/{activity,invitations,links}.ts',
  'src/client/features/galleries/components/{gallery-links-dialog,link-*,notices-panel}.tsx',
  'src/client/features/jobs/**',
  'src/client/features/messages/api/{delete-message,get-messages,mark-message-read}.ts',
  'src/client/features/messages/components/{inbox-panel,message-item}.tsx',
  'src/client/features/music/components/release-audio-editor.tsx',
  'src/client/features/owner/api/{change-password,update-portfolio-settings,upload-banner}.ts',
  'src/client/features/owner/components/{banner-upload,change-password-dialog,portfolio-settings-panel}.tsx',
  'src/client/features/photos/api/{bulk-photos,delete-photo,edit-photos,get-place-photos,get-upload-formats,place-photo,reorder-photos,search-photos,update-photo,upload-photos}.ts',
  'src/client/features/photos/components/{admin-photo-tile,bulk-edit-dialog,edit-photo-dialog,place-grid-end,upload-photos-panel,video-badge}.tsx',
  'src/client/features/photos/lib/{photo-order,recent-uploads,sniff-image,upload-batch,upload-queue}.ts',
  'src/client/features/statistics/**',
  'src/client/features/watermarks/**',
  'src/client/features/webhooks/**',
  'src/client/lib/drag.ts',
  'src/client/lib/validation-text.ts',
];
