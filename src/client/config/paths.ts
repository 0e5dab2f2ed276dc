/** Every URL the client builds: screens (spec §2), API calls (spec §7) and image files. */

const enc = encodeURIComponent;

export const paths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  clearCache: '/clear-cache',
  home: '/',
  photo: (id: number | string) => `/photo/${enc(String(id))}`,
  userHome: (username: string) => `/${enc(username)}`,
  userPhoto: (username: string, id: number | string) => `/${enc(username)}/photo/${enc(String(id))}`,
} as const;

/** Route patterns for the router, in the order they must be tried. */
export const routes = {
  login: paths.login,
  forgotPassword: paths.forgotPassword,
  resetPassword: paths.resetPassword,
  clearCache: paths.clearCache,
  home: paths.home,
  photo: '/photo/:id',
  userHome: '/:username',
  userPhoto: '/:username/photo/:id',
} as const;

export const api = {
  login: '/api/login',
  logout: '/api/logout',
  currentUser: '/api/auth/user',
  changePassword: '/api/change-password',
  forgotPassword: '/api/forgot-password',
  resetPassword: '/api/reset-password',
  portfolioSettings: '/api/portfolio-settings',
  uploadBanner: '/api/upload-banner',
  contact: '/api/contact',
  messages: '/api/messages',
  message: (id: number) => `/api/messages/${id}`,
  messageRead: (id: number) => `/api/messages/${id}/read`,
  portfolioOwner: '/api/portfolio-owner',
  categories: '/api/categories',
  category: (id: number) => `/api/categories/${id}`,
  categoriesReorder: '/api/categories/reorder',
  photos: '/api/photos',
  photo: (id: number) => `/api/photos/${id}`,
  photosUpload: '/api/photos/upload',
  photosReorder: '/api/photos/reorder',
} as const;

/** A stored file; `version` busts caches when the file behind a name changes. */
export const uploadUrl = (filename: string, version: number | string) =>
  `/uploads/${enc(filename)}?v=${enc(String(version))}`;
