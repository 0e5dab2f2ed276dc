import { ContactMessageList } from '#contract/contact.ts';
import { GalleryLink } from '#contract/galleries.ts';
import { noActivity, NoticeSettings, Notices } from '#contract/gallery-activity.ts';
import { FailedJobs, type FailedJob } from '#contract/jobs.ts';
import { api } from '#contract/routes.ts';
import { SecurityOverview, SignedInBrowsers } from '#contract/security.ts';
import { StatisticsReport } from '#contract/statistics.ts';
import { ApiTokenList } from '#contract/tokens.ts';
import { WebhookList } from '#contract/webhooks.ts';
import { SiteWatermark, WatermarkProgress } from '#contract/watermarks.ts';
import { reply, type Handler } from './contract-fetch.ts';
import { siteHandlers } from './site.ts';
import { categoryNamed, photoTitled, workspaceHandlers, workspaceSite } from './workspace.ts';

/**
 * The signed-in owner's site as each section of the admin reads it: a category with a photo and one
 * in the bank, a message, a signed-in browser, a day of statistics, and the failed background work
 * the test gives (none by default).
 */
export const OWNER_SITE = {
  category: categoryNamed(1, 'Landscapes'),
  bankPhoto: photoTitled(11, 'Dune'),
  placedPhoto: photoTitled(12, 'Ridge', 1),
  message: { id: 1, name: 'Grace', email: 'grace@example.test', message: 'Hello there.', readAt: null },
  browser: { id: 'b1', device: 'Firefox on Linux', address: '192.0.2.1', current: true },
  /** The category's one gallery link, with proofing and downloads on. */
  link: {
    id: 5,
    categoryId: 1,
    label: 'Smith wedding',
    tokenEnd: 'x7Qa',
    hasPassword: false,
    expiresAt: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    proofing: true,
    pickCap: null,
    pickCount: 0,
    picksSubmittedAt: null,
    downloads: 'display',
    comments: true,
    downloadLimit: null,
    downloadsUsed: 0,
    activity: noActivity,
    mailable: false,
    expiryReminderDays: null,
    picksReminderDays: null,
    releaseAt: null,
    previewPhotoIds: [],
    invitationCount: 0,
    language: null,
  } satisfies GalleryLink,
};

export function ownerSiteHandlers(options: { failedJobs?: FailedJob[] } = {}) {
  const now = new Date().toISOString();
  return {
    ...siteHandlers({ signedIn: true, photos: [] }),
    ...workspaceHandlers(
      workspaceSite({ categories: [OWNER_SITE.category], bank: [OWNER_SITE.bankPhoto], placed: { 1: [OWNER_SITE.placedPhoto] } }),
    ),
    [`GET ${api.categoryLinks}`]: () => reply(GalleryLink.array(), [OWNER_SITE.link]),
    [`GET ${api.watermark}`]: () => reply(SiteWatermark, { watermark: null }),
    [`GET ${api.watermarkProgress}`]: () => reply(WatermarkProgress, { running: false, done: 0, total: 0 }),
    [`GET ${api.messages}`]: () => reply(ContactMessageList, { messages: [{ ...OWNER_SITE.message, createdAt: now }], unread: 1 }),
    [`GET ${api.notices}`]: () => reply(Notices, { notices: [], unread: 0 }),
    [`GET ${api.noticeSettings}`]: () => reply(NoticeSettings, { opened: 'now', submitted: 'digest', downloaded: 'off', commented: 'now' }),
    [`GET ${api.failedJobs}`]: () => reply(FailedJobs, { jobs: options.failedJobs ?? [] }),
    [`GET ${api.security}`]: () =>
      reply(SecurityOverview, { passkeys: [], totp: false, recoveryCodesLeft: 0, confirmedUntil: null, passkeysUnavailable: null }),
    [`GET ${api.sessions}`]: () => reply(SignedInBrowsers, [{ ...OWNER_SITE.browser, firstSeen: now, lastSeen: now }]),
    [`GET ${api.tokens}`]: () => reply(ApiTokenList, []),
    [`GET ${api.webhooks}`]: () => reply(WebhookList, []),
    [`GET ${api.statistics}`]: () =>
      reply(StatisticsReport, {
        days: 30,
        series: [{ date: now.slice(0, 10), visitors: 3, views: 5 }],
        totals: { visitors: 3, views: 5, viewerOpens: 2, streamClicks: 0 },
        topPages: [],
        topPhotos: [],
        topCategories: [],
        topReleases: [],
        topServices: [],
        streamClicks: [],
        topReferrers: [],
      }),
  } satisfies Record<string, Handler>;
}
