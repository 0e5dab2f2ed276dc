import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MessageSquare, Send, ThumbsDown, ThumbsUp } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { GALLERY_COMMENT_MAX, type GalleryThread, type GalleryVerdict } from '#contract/galleries.ts';
import type { Photo } from '#contract/photos.ts';
import { labelOf } from '#contract/alt-text.ts';
import { cn } from '#client/lib/utils.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { usePostComment, useSetVerdict, useThreads } from '#client/features/galleries/api/comments.ts';

export interface Review {
  /** Approve, Reject and the photo's thread with its comment box, in the viewer. */
  viewerAction: (photo: Photo, className: string) => ReactNode;
  /** Marks a grid tile with its verdict and comment count. */
  renderPhoto: (photo: Photo, tile: ReactNode) => ReactNode;
}

/**
 * Comments and verdicts for a link's holder: in the viewer, Approve and Reject (pressed once
 * chosen; pressed again takes it back) and the photo's thread, the photographer's answers in it,
 * and a box to write in. Every text is shown as text. Null while the link has none or they load.
 */
export function useReview(token: string, enabled: boolean): Review | null {
  const { t } = useLingui();
  const threadsQuery = useThreads(token, enabled);
  const verdict = useSetVerdict(token);
  const threads = threadsQuery.data;
  if (!enabled || !threads) return null;
  const byPhoto = new Map(threads.threads.map((thread) => [thread.photoId, thread]));
  const threadOf = (photo: Photo): GalleryThread => byPhoto.get(photo.id) ?? { photoId: photo.id, verdict: 'none', comments: [] };

  const viewerAction = (photo: Photo, className: string) => {
    const thread = threadOf(photo);
    const choose = (choice: Exclude<GalleryVerdict, 'none'>) =>
      verdict.mutate({ photoId: photo.id, verdict: thread.verdict === choice ? 'none' : choice });
    return (
      <div key="review" className="contents">
        <button
          type="button"
          data-verdict="approved"
          className={cn(className, thread.verdict === 'approved' && 'border-emerald-300 bg-emerald-700 hover:bg-emerald-700/90')}
          aria-pressed={thread.verdict === 'approved'}
          disabled={verdict.isPending}
          onClick={() => choose('approved')}
        >
          <ThumbsUp aria-hidden />
          {thread.verdict === 'approved' ? <Trans>Approved</Trans> : <Trans>Approve</Trans>}
        </button>
        <button
          type="button"
          data-verdict="rejected"
          className={cn(className, thread.verdict === 'rejected' && 'border-red-300 bg-red-800 hover:bg-red-800/90')}
          aria-pressed={thread.verdict === 'rejected'}
          disabled={verdict.isPending}
          onClick={() => choose('rejected')}
        >
          <ThumbsDown aria-hidden />
          {thread.verdict === 'rejected' ? <Trans>Rejected</Trans> : <Trans>Reject</Trans>}
        </button>
        <PhotoThread key={photo.id} token={token} photo={photo} thread={thread} />
      </div>
    );
  };

  const renderPhoto = (photo: Photo, tile: ReactNode) => {
    const thread = byPhoto.get(photo.id);
    if (!thread) return tile;
    const label = labelOf(photo);
    const verdictWords = { approved: t`Approved`, rejected: t`Rejected`, none: t`No verdict` }[thread.verdict];
    const commentCount = thread.comments.length;
    const comments = plural(commentCount, { one: '# comment', other: '# comments' });
    return (
      <div className="relative h-full">
        {tile}
        <span
          data-review-badge={photo.id}
          className="pointer-events-none absolute top-1.5 start-1.5 inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-1 text-xs font-medium text-white shadow [&_svg]:size-3.5"
        >
          {thread.verdict === 'approved' && <ThumbsUp aria-hidden />}
          {thread.verdict === 'rejected' && <ThumbsDown aria-hidden />}
          {thread.comments.length > 0 && (
            <>
              <MessageSquare aria-hidden />
              {thread.comments.length}
            </>
          )}
          <span className="sr-only">
            {t`${label}: ${verdictWords}, ${comments}`}
          </span>
        </span>
      </div>
    );
  };

  return { viewerAction, renderPhoto };
}

/** A comment's time, as the page's language writes dates. */
const timeOf = (iso: string) => new Date(iso).toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });

/** One photo's thread in the viewer: the comments, then the box; a posted comment is announced. */
function PhotoThread({ token, photo, thread }: { token: string; photo: Photo; thread: GalleryThread }) {
  const { t } = useLingui();
  const label = labelOf(photo);
  const post = usePostComment(token);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [announced, setAnnounced] = useState('');
  const ids = { box: useId(), error: useId(), list: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(t`Write a comment first`);
      return;
    }
    if (trimmed.length > GALLERY_COMMENT_MAX) {
      setError(t`Comment must be at most ${GALLERY_COMMENT_MAX} characters`);
      return;
    }
    setError(undefined);
    post.mutate(
      { photoId: photo.id, text: trimmed },
      {
        onSuccess: () => {
          setText('');
          setAnnounced(t`Comment posted on ${label}`);
        },
        onError: (failure) => setError(errorMessage(failure, t`The comment could not be posted`)),
      },
    );
  };
  return (
    <section aria-label={t`Comments on ${label}`} className="grid w-full gap-2 rounded-md border border-white/25 bg-black/40 p-2 text-white">
      {thread.comments.length > 0 && (
        // Focusable: a long thread scrolls, and holds nothing else a keyboard could reach it by.
        <ol id={ids.list} tabIndex={0} className="grid max-h-40 gap-1.5 overflow-y-auto rounded focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none" data-thread={photo.id}>
          {thread.comments.map((comment) => (
            <li key={comment.id} className={cn('rounded px-2 py-1 text-sm', comment.author === 'owner' ? 'bg-white/15' : 'bg-white/5')}>
              <span className="block text-xs text-white/75">
                {comment.author === 'owner' ? <Trans>Photographer</Trans> : <Trans>You</Trans>} · <time dateTime={comment.createdAt}>{timeOf(comment.createdAt)}</time>
              </span>
              {/* Plain text: React writes it as text, never as HTML; its lines kept. */}
              <span className="break-words whitespace-pre-line">{comment.text}</span>
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label htmlFor={ids.box} className="sr-only">
          <Trans>Comment on {label}</Trans>
        </label>
        <textarea
          id={ids.box}
          data-comment-box=""
          rows={2}
          maxLength={GALLERY_COMMENT_MAX}
          placeholder={t`Write a comment for the photographer`}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          // The viewer's keys (arrows, P) are for the photo, not for the text being typed.
          onKeyDown={(event) => event.stopPropagation()}
          onChange={(event) => setText(event.target.value)}
          className="min-h-11 min-w-0 flex-1 basis-56 rounded-md border border-white/40 bg-black/60 px-3 py-2 text-base text-white placeholder:text-white/70 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none sm:text-sm"
        />
        <button
          type="submit"
          disabled={post.isPending}
          className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-white/40 bg-white/10 px-4 text-sm font-medium text-white hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none disabled:opacity-60 [&_svg]:size-4"
        >
          <Send aria-hidden />
          <span aria-hidden>{post.isPending ? <Trans>Posting…</Trans> : <Trans>Post</Trans>}</span>
          <span className="sr-only">{post.isPending ? <Trans>Posting…</Trans> : <Trans>Post a comment on {label}</Trans>}</span>
        </button>
        {error && (
          <p id={ids.error} role="alert" className="w-full text-sm text-red-200">
            {error}
          </p>
        )}
      </form>
      <p className="sr-only" aria-live="polite" data-comment-status="">
        {announced}
      </p>
    </section>
  );
}
