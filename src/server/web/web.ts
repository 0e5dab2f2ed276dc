import { pageTheme, THEME_COOKIE } from '#contract/theme-cookie.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, LANGUAGE_QUERY, SOURCE_LANGUAGE } from '#contract/languages.ts';
import { files, formPosts, pathTo, screens } from '#contract/routes.ts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { buildPage, fallbackPage, type Page, type WebContext } from './page-content.ts';
import { parseTemplate, renderPage, renderServerOnlyPage, type PageLook, type PageTemplate } from './page-head.ts';
import { CONTACT_FORM_BODY_LIMIT, parseFormBody, postContactForm } from './contact-post.ts';
import { postGalleryUnlock } from './gallery-unlock-post.ts';
import { screenTitles } from './page-titles.ts';
import { loadScreenRenderer, rendersOnServer } from './screen-render.ts';
import { isClientRoute, matchPageRoute, type PageRoute } from './page-routes.ts';
import { NO_CHUNKS, readChunks } from './route-chunks.ts';
import { negotiateLanguage, type PageLanguage } from './page-language.ts';
import { renderFeed } from './feed.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';
import { resolveSession, type AuthContext } from '#server/features/auth/auth.service.ts';
import { findUserById, getPortfolioOwner, getSiteLanguages, toPortfolioOwner, type SiteLanguages } from '#server/features/owner/owner.service.ts';
import type { ContactContext } from '#server/features/contact/contact.service.ts';
import { CONTACT_FORM_POST } from '#contract/contact.ts';
import { siteNameOf } from '#contract/site-name.ts';
import { countableVisit, fromPersonsBrowser, referrerEvents } from '#server/features/statistics/statistics.request.ts';
import { pageEvents, type Recorder } from '#server/features/statistics/statistics.service.ts';
import type { DataCache } from '#server/http/etag.ts';
import { errorBody } from '#server/http/http-error.ts';
import { DomainError } from '#server/lib/errors.ts';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import { CACHE_AN_HOUR, CACHE_FIVE_MINUTES, IMMUTABLE, NO_STORE, REVALIDATE } from '#server/lib/cache-control.ts';
import { setVisitCookie } from '#server/features/galleries/activity.routes.ts';
import { setUnlockCookies } from '#server/features/galleries/galleries.routes.ts';
import type { VisitCookie } from '#server/features/galleries/activity.service.ts';

export { isClientRoute };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type PageEncoding = 'br' | 'gzip' | 'identity';

function encodingFor(request: FastifyRequest): PageEncoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/**
 * Pages are compressed as they are built, at a quick setting: a portfolio's embedded data
 * compresses about six to one, in a millisecond or two.
 */
async function compress(encoding: PageEncoding, body: string): Promise<{ encoding?: string; payload: Buffer }> {
  // Bytes, not a string: a kept page is then sent as it is, not encoded to UTF-8 again each time.
  if (body.length < 1024 || encoding === 'identity') return { payload: Buffer.from(body) };
  if (encoding === 'br') {
    return { encoding: 'br', payload: await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  return { encoding: 'gzip', payload: await gzipAsync(body, { level: 6 }) };
}

interface BuiltPage {
  status: number;
  /** Kept out of search engines by header too, for crawlers that never read the meta tag. */
  noIndex: boolean;
  /** A gallery's visit cookie: only ever on a page built for its request, never on one kept. */
  visit?: VisitCookie;
  encoding?: string;
  payload: Buffer;
}

export interface WebOptions extends WebContext {
  /** The built client (index.html and assets); absent in API tests. */
  clientDir: string | undefined;
  /** The session cookie's name: a request without it is surely a visitor's. */
  sessionCookieName: string;
  /** The security headers of an HTML page (http/security.ts): set on each page, over every answer's. */
  pageHeaders: Record<string, string>;
  /** Page views are counted here, as the HTML is sent; null when statistics are off. */
  statistics: { recorder: Recorder; auth: AuthContext } | null;
  /** Built pages and the feed, kept per data version. */
  dataCache: DataCache;
  /** The built server render of the first screen (dist/ssr/entry-server.js); without it, the browser draws every page. */
  screenRendererFile?: string;
  /** What the contact form posted without the script is sent with: the JSON route's service. */
  contact: ContactContext;
  /** Whether the site is served over HTTPS: a gallery's access and visit cookies are then the `__Host-` kind. */
  secure: boolean;
}

/** A posted form's fields: the urlencoded parser's, or none for a body of another kind. */
function formFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((field): field is [string, string] => typeof field[1] === 'string'));
}

/**
 * Serves the built client: hashed assets cached for good; each page built per request from the
 * template read once at start, with its own head tags (link previews) and its first data.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const { clientDir } = options;
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const template: PageTemplate | undefined =
    indexPath && fs.existsSync(indexPath) ? parseTemplate(fs.readFileSync(indexPath, 'utf8')) : undefined;
  const { routeChunks, catalogChunks, prefetchChunks, bootScript } = template && clientDir ? readChunks(clientDir) : NO_CHUNKS;

  const renderer = template ? await loadScreenRenderer(options.screenRendererFile) : undefined;
  const renderScreen = renderer?.renderScreen;

  /** The site's owner for a page the server alone draws (its name and look), or none on a site not set up yet. */
  const siteOwner = async (): Promise<PortfolioOwner | undefined> => {
    try {
      return await getPortfolioOwner(options.photos);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'notFound') return undefined;
      throw error;
    }
  };

  if (template && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each script and stylesheet (scripts/precompress.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? IMMUTABLE : REVALIDATE);
        // The template itself, asked for by name, is a page too.
        if (filePath.endsWith('.html')) reply.headers(options.pageHeaders);
      },
    });
  }

  app.get(files.robots, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_AN_HOUR).send(renderRobots(options.publicUrl)),
  );

  app.get(files.sitemap, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_FIVE_MINUTES)
      .send(await renderSitemap(options)),
  );

  app.get(files.feed, async (_request, reply) =>
    reply
      .type('application/atom+xml; charset=utf-8')
      .header('cache-control', CACHE_FIVE_MINUTES)
      .send(await options.dataCache.remember('feed', await options.dataCache.version(), () => renderFeed(options))),
  );

  /** The owner's languages, read once per data version: every page asks before its cache is looked in. */
  const siteLanguages = async (request: FastifyRequest): Promise<SiteLanguages> => {
    try {
      return await options.dataCache.remember('site-languages', await options.dataCache.version(), () => getSiteLanguages(options.photos));
    } catch (error) {
      // As the page without its data: it still opens, in the language the code is written in.
      request.log.error({ err: error }, 'could not read the site languages');
      return { defaultLanguage: SOURCE_LANGUAGE, languages: [SOURCE_LANGUAGE] };
    }
  };

  /**
   * The page's language (`page-language.ts`). A `?lang=` the site offers is remembered in the
   * visitor's cookie, so the pages they open next from the link stay in it.
   */
  const languageOf = async (request: FastifyRequest, reply: FastifyReply): Promise<{ chosen: PageLanguage; site: SiteLanguages }> => {
    const site = await siteLanguages(request);
    const query = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY];
    const chosen = negotiateLanguage(
      { query, cookie: request.cookies[LANGUAGE_COOKIE], acceptLanguage: request.headers['accept-language'] },
      site,
    );
    if (chosen.fromQuery && request.cookies[LANGUAGE_COOKIE] !== chosen.language) {
      reply.setCookie(LANGUAGE_COOKIE, chosen.language, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS, sameSite: 'lax' });
    }
    return { chosen, site };
  };

  const pageFor = async (request: FastifyRequest, route: PageRoute | null, language: PageLanguage['language']): Promise<Page> => {
    let page: Page;
    try {
      // Opening a gallery records its visit (and tells the owner a client came): a link's preview in
      // a chat or a mail, or a prefetch, gets the page without the gallery, as the API is never asked.
      const galleryAccess = route?.kind === 'gallery' && fromPersonsBrowser(request) ? { cookies: request.cookies, secure: options.secure } : undefined;
      page = await buildPage(options, route, { maybeOwner: Boolean(request.cookies[options.sessionCookieName]), ...(galleryAccess ? { galleryAccess } : {}) }, language);
    } catch (error) {
      // The page still works without its data: the client asks the API.
      request.log.error({ err: error }, 'could not build the page data');
      page = fallbackPage(route);
    }
    // No session cookie at all: a visitor, and the client need not ask who is signed in.
    if (!request.cookies[options.sessionCookieName]) page.data.user = null;
    return page;
  };

  /**
   * The first screen's HTML, rendered here when the page's data draws it; '' otherwise, and when the
   * render fails, the browser then drawing the page alone.
   */
  const screenFor = async (request: FastifyRequest, route: PageRoute | null, pathname: string, page: Page, look: PageLook): Promise<string> => {
    if (!renderScreen || page.status !== 200 || !rendersOnServer(route, page.data, !request.cookies[options.sessionCookieName])) return '';
    try {
      return await renderScreen({ path: pathname, data: page.data, language: look.language, theme: look.theme });
    } catch (error) {
      request.log.error({ err: error }, 'could not render the first screen');
      return '';
    }
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    reply.headers(options.pageHeaders);
    // The tokens of the reset and sign-in links must not leak to another site through the
    // Referer header, whatever the letter case the link was typed in.
    const screen = pathname.toLowerCase();
    if (screen.startsWith(screens.resetPassword) || screen.startsWith(screens.login)) reply.header('referrer-policy', 'no-referrer');
    if (!template) {
      const status = isClientRoute(pathname) ? 503 : 404;
      return reply.code(status).type('text/plain').send('The client is not built. Run npm run build.');
    }
    // Matched once: the page, its preloads, its caching and its count all follow from it.
    const route = matchPageRoute(pathname);
    // A visitor's page is the same for every visitor: built once per data version (and encoding).
    // Not a gallery's: its link ends at its expiry, whatever the data version says.
    const visitor = !request.cookies[options.sessionCookieName] && route?.kind !== 'gallery';
    const encoding = encodingFor(request);
    const themeChoice = request.cookies[THEME_COOKIE];
    const chosenTheme = themeChoice === 'light' || themeChoice === 'dark' ? themeChoice : 'default';
    const { chosen, site } = await languageOf(request, reply);
    const { language } = chosen;
    const build = async (): Promise<BuiltPage> => {
      const page = await pageFor(request, route, language);
      const look = { language, theme: pageTheme(themeChoice, page.look.themeDefault), headingFont: page.look.headingFont };
      const screen = await screenFor(request, route, pathname, page, look);
      const screenChunks = routeChunks(route);
      const meta = {
        ...page.meta,
        // A screen the server drew is on the screen before its scripts run: they wait in the
        // page until it is shown, and leave the connection to its photo meanwhile. One the
        // browser draws alone needs them at once.
        modulePreloads: [...catalogChunks(language, route), ...(screen ? [] : screenChunks)],
        screenScripts: screen ? screenChunks : [],
        prefetches: prefetchChunks(route),
        languages: { current: language, offered: site.languages, inAddress: chosen.fromQuery },
      };
      return {
        status: page.status,
        noIndex: page.meta.noIndex === true,
        ...(page.visit ? { visit: page.visit } : {}),
        ...(await compress(encoding, renderPage(template, meta, page.data, look, screen, bootScript))),
      };
    };
    const built = visitor
      ? await options.dataCache.remember(
          `page:${encoding}:${chosenTheme}:${language}${chosen.fromQuery ? ':lang' : ''}:${pathname}`,
          await options.dataCache.version(),
          build,
        )
      : await build();
    const { status, payload } = built;
    if (status === 200 && options.statistics) {
      // Only a request with a session cookie waits (is it the owner's?); a visitor's is counted at once.
      const checking = countPageView(request, route, options.statistics);
      if (checking) await checking;
    }
    if (built.encoding) reply.header('content-encoding', built.encoding);
    if (built.noIndex) reply.header('x-robots-tag', 'noindex');
    setVisitCookie(reply, built.visit ?? null, options.secure);
    return (
      reply
        .code(status)
        // Revalidated on every visit; the page differs for a visitor and for the signed-in owner,
        // and by the language the browser asks for. A gallery's is its holder's alone, as its API's
        // answer is: kept by no cache.
        .header('cache-control', route?.kind === 'gallery' ? NO_STORE : REVALIDATE)
        .header('vary', 'Cookie, Accept-Encoding, Accept-Language')
        .type('text/html; charset=utf-8')
        .send(payload)
    );
  };

  /**
   * The plain forms of a browser that runs no script: the contact form (the header card's
   * `<noscript>`) and a client's gallery's password. Urlencoded posts, answered with a page the
   * server alone draws, in the visitor's language, or a redirect. A post from another site's page
   * is refused before it gets here (http/security.ts, as any state-changing call). Only with the
   * built renderer: it draws the forms' texts.
   */
  if (template && renderer) {
    const { renderContactScreen, renderGalleryUnlockScreen } = renderer;
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: CONTACT_FORM_BODY_LIMIT },
        (_request, body, done) => done(null, parseFormBody(String(body))),
      );
      scope.post(CONTACT_FORM_POST, async (request, reply) => {
        const answer = await postContactForm(options.contact, formFields(request.body), request.ip);
        const { language } = (await languageOf(request, reply)).chosen;
        const ownerRow = await findUserById(options.contact, answer.userId);
        const owner = ownerRow ? toPortfolioOwner(ownerRow) : undefined;
        const ownerName = owner ? siteNameOf(owner) : siteNameOf({ portfolioTitle: null });
        const screen = await renderContactScreen({ language, ownerId: answer.userId, ownerName, posted: answer.posted });
        const look = {
          language,
          theme: pageTheme(request.cookies[THEME_COOKIE], owner?.themeDefault ?? 'system'),
          headingFont: owner?.headingFont ?? 'sans',
        };
        const meta = { title: ownerName, siteName: ownerName, type: 'website' as const, noIndex: true };
        return reply
          .code(answer.status)
          .headers({ ...options.pageHeaders, ...answer.headers })
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex')
          .type('text/html; charset=utf-8')
          .send(renderServerOnlyPage(template, meta, look, screen));
      });

      /**
       * A gallery's password: given, a 303 back to the gallery, which then opens with its photos
       * (its access cookie set here, as the JSON route sets it); refused, the password form again
       * with the refusal's message, the status the JSON route answers (429 with `retry-after`).
       */
      scope.post<{ Params: { token: string } }>(formPosts.galleryUnlock, async (request, reply) => {
        const { token } = request.params;
        const client = { address: request.ip, secure: options.secure, cookies: request.cookies };
        const answer = await postGalleryUnlock(options.photos, token, formFields(request.body), client);
        reply.header('cache-control', NO_STORE).header('x-robots-tag', 'noindex');
        if (answer.unlocked) {
          setUnlockCookies(reply, answer.unlocked, options.secure);
          return reply.code(303).header('location', pathTo(screens.gallery, { token })).send();
        }
        const { language } = (await languageOf(request, reply)).chosen;
        const owner = await siteOwner();
        const siteName = siteNameOf(owner ?? { portfolioTitle: null });
        const screen = await renderGalleryUnlockScreen({ language, token, refusal: answer.refusal });
        const look = {
          language,
          theme: pageTheme(request.cookies[THEME_COOKIE], owner?.themeDefault ?? 'system'),
          headingFont: owner?.headingFont ?? 'sans',
        };
        const title = answer.refusal.reason === 'refused' && answer.refusal.code === 'galleries.not_found' ? 'galleryNotFound' : 'gallery';
        const meta = { title: `${screenTitles(language)[title]} · ${siteName}`, siteName, type: 'website' as const, noIndex: true };
        return reply
          .code(answer.status)
          .headers({ ...options.pageHeaders, ...answer.headers })
          .type('text/html; charset=utf-8')
          .send(renderServerOnlyPage(template, meta, look, screen));
      });
    });
  }

  /**
   * A page sent to a visitor counts, whether built now or taken from the page cache, and before
   * any 304: in memory only. The owner (a valid session), bots, DNT and GPC are not counted.
   */
  const countPageView = (
    request: FastifyRequest,
    route: PageRoute | null,
    statistics: NonNullable<WebOptions['statistics']>,
  ): Promise<void> | undefined => {
    if (request.method !== 'GET') return undefined;
    // A client's gallery is theirs: not counted in the site's statistics.
    const visit = route && route.kind !== 'screen' && route.kind !== 'gallery' ? countableVisit(request) : null;
    if (!route || !visit) return undefined;
    const count = () => statistics.recorder.record(visit, [...pageEvents(route), ...referrerEvents(request, options.publicUrl)]);
    const token = request.cookies[options.sessionCookieName];
    if (!token) return void count();
    return resolveSession(statistics.auth, token).then((owner) => {
      if (!owner) count();
    });
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!isPage || pathname.startsWith('/uploads/') || pathname.startsWith('/assets/')) {
      return reply.code(404).send(errorBody('request.no_route', { method: request.method, path: pathname }));
    }
    return sendPage(request, reply, pathname);
  });
}
