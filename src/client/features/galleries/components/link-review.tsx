import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { MessageSquare, RotateCcw, Send, ThumbsDown, ThumbsUp } from 'lucide-react';
import { GALLERY_COMMENT_MAX, GALLERY_DOWNLOAD_LIMIT_MAX, type GalleryLink, type GalleryLinkThread } from '#contract/galleries.ts';
import { thumbnailPath } from '#contract/image-urls.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { formatDateTime } from '#client/lib/formats.ts';
import { useAnswerComment, useLinkThreads, useResetDownloads, useUpdateLink } from '#client/features/galleries/api/links.ts';

/** A download limit typed by the owner: blank is none; else a whole number from 0. */
export function parseDownloadLimit(text: string): { limit: number | null } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { limit: null };
  if (!/^\d+$/.test(trimmed)) return { error: t`Download limit must be a whole number` };
  const limit = Number(trimmed);
  if (limit > GALLERY_DOWNLOAD_LIMIT_MAX) return { error: t`Download limit must be at most ${GALLERY_DOWNLOAD_LIMIT_MAX}` };
  return { limit };
}

/** The comments switch and the download limit, in a new link's form and in a link's settings. */
export function ReviewFields({
  comments,
  onCommentsChange,
  limit,
  onLimitChange,
  error,
}: {
  comments: boolean;
  onCommentsChange: (on: boolean) => void;
  limit: string;
  onLimitChange: (limit: string) => void;
  error?: string | undefined;
}) {
  const ids = { comments: useId(), limit: useId() };
  const { t } = useLingui();
  return (
    <div className="grid gap-3">
      <div className="flex min-h-11 items-center gap-3">
        <Switch id={ids.comments} checked={comments} onCheckedChange={onCommentsChange} />
        <Label htmlFor={ids.comments}>
          <Trans>Let the client comment and approve or reject photos</Trans>
        </Label>
      </div>
      <FormField id={ids.limit} label={t`Download limit (optional)`} error={error} hint={t`A photo or a ZIP counts one. Blank for no limit.`}>
        {(control) => <Input {...control} inputMode="numeric" className="h-11 w-32" value={limit} onChange={(event) => onLimitChange(event.target.value)} />}
      </FormField>
    </div>
  );
}

const timeOf = (iso: string) => formatDateTime(iso);

/** A link's comments and download limit in the links dialog: the summary, Reset, and the threads with an answer box. */
export function LinkReview({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const [open, setOpen] = useState(false);
  const reset = useResetDownloads(categoryId);
  const panelId = useId();
  const { t } = useLingui();
  const { label, downloadsUsed, downloadLimit } = link;
  const downloads =
    downloadLimit === null
      ? plural(downloadsUsed, { one: '# download, no limit', other: '# downloads, no limit' })
      : t`${downloadsUsed} of ${downloadLimit} downloads used`;
  return (
    <div className="grid w-full gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-xs text-muted-foreground" data-link-review={link.id}>
          {link.comments ? t`Comments on` : t`Comments off`} · {downloads}
        </p>
        {link.downloadsUsed > 0 && (
          <Button
            variant="ghost"
            className="min-h-11 sm:min-h-8"
            disabled={reset.isPending}
            onClick={() => reset.mutate(link.id, { onSuccess: () => toast({ title: t`Downloads reset`, description: t`${label} can download again.` }) })}
          >
            <RotateCcw aria-hidden />
            <Trans>Reset downloads</Trans>
            <span className="sr-only">
              {' '}
              <Trans>of {label}</Trans>
            </span>
          </Button>
        )}
        <Button variant="ghost" className="min-h-11 sm:min-h-8" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
          <MessageSquare aria-hidden />
          <Trans>Comments</Trans>
          <span className="sr-only">
            {' '}
            <Trans>of {label}</Trans>
          </span>
        </Button>
      </div>
      {open && (
        <div id={panelId} className="grid gap-4 rounded-md bg-muted/50 p-3">
          {link.comments && <LinkThreads link={link} />}
          <ReviewSettings link={link} categoryId={categoryId} />
        </div>
      )}
    </div>
  );
}

function ReviewSettings({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const update = useUpdateLink(categoryId);
  const [comments, setComments] = useState(link.comments);
  const [limit, setLimit] = useState(link.downloadLimit === null ? '' : String(link.downloadLimit));
  const [error, setError] = useState<string | undefined>();
  const { t } = useLingui();
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDownloadLimit(limit);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    update.mutate({ id: link.id, changes: { comments, downloadLimit: parsed.limit } }, { onSuccess: () => toast({ title: t`Saved`, description: link.label }) });
  };
  return (
    <form noValidate onSubmit={save} className="grid gap-3">
      <ReviewFields comments={comments} onCommentsChange={setComments} limit={limit} onLimitChange={setLimit} error={error} />
      <Button type="submit" variant="outline" className="min-h-11 justify-self-start sm:min-h-9" disabled={update.isPending}>
        {update.isPending ? t`Saving…` : t`Save comments and limit`}
      </Button>
    </form>
  );
}

function LinkThreads({ link }: { link: GalleryLink }) {
  const threads = useLinkThreads(link.id);
  const { t } = useLingui();
  const { label } = link;
  if (threads.isPending) return <Spinner label={t`Loading the comments`} />;
  if (threads.isError)
    return (
      <p role="alert" className="text-sm">
        <Trans>The comments could not be loaded.</Trans>
      </p>
    );
  const list = threads.data.threads;
  if (list.length === 0)
    return (
      <p className="text-sm">
        <Trans>No comments or verdicts yet.</Trans>
      </p>
    );
  const approved = list.filter((thread) => thread.verdict === 'approved').length;
  const rejected = list.filter((thread) => thread.verdict === 'rejected').length;
  const commented = list.filter((thread) => thread.comments.length > 0).length;
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        <Trans>
          {approved} approved · {rejected} rejected · {commented} with comments
        </Trans>
      </p>
      <ul aria-label={t`Comments of ${label}`} className="grid max-h-96 gap-3 overflow-y-auto">
        {list.map((thread) => (
          <ThreadItem key={thread.photoId} link={link} thread={thread} />
        ))}
      </ul>
    </div>
  );
}

function ThreadItem({ link, thread }: { link: GalleryLink; thread: GalleryLinkThread }) {
  const answer = useAnswerComment(link.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [announced, setAnnounced] = useState('');
  const boxId = useId();
  const { photo } = thread;
  const { t } = useLingui();
  const { title } = photo;
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t`Write an answer first`);
      return;
    }
    setError(undefined);
    answer.mutate(
      { photoId: photo.id, text: text.trim() },
      {
        onSuccess: () => {
          setText('');
          setAnnounced(t`Answer posted on ${title}`);
        },
        onError: (failure) => setError(errorMessage(failure, t`The answer could not be posted`)),
      },
    );
  };
  return (
    <li className="grid gap-2 rounded-md border bg-background p-2" data-owner-thread={photo.id}>
      <div className="flex items-center gap-3">
        <img src={thumbnailPath(photo)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded object-cover" />
        <div className="grid min-w-0 flex-1">
          <span className="text-sm font-medium break-words">{photo.title}</span>
          {thread.fileName && <span className="text-xs break-words text-muted-foreground">{thread.fileName}</span>}
        </div>
        {thread.verdict !== 'none' && (
          <span
            className={
              thread.verdict === 'approved'
                ? 'inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100 [&_svg]:size-3.5'
                : 'inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900 dark:bg-red-950 dark:text-red-100 [&_svg]:size-3.5'
            }
          >
            {thread.verdict === 'approved' ? <ThumbsUp aria-hidden /> : <ThumbsDown aria-hidden />}
            {thread.verdict === 'approved' ? t`Approved` : t`Rejected`}
          </span>
        )}
      </div>
      {thread.comments.length > 0 && (
        <ol className="grid gap-1">
          {thread.comments.map((comment) => (
            <li key={comment.id} className={comment.author === 'owner' ? 'rounded bg-muted px-2 py-1 text-sm' : 'rounded border px-2 py-1 text-sm'}>
              <span className="block text-xs text-muted-foreground">
                {comment.author === 'owner' ? t`You` : link.label} · <time dateTime={comment.createdAt}>{timeOf(comment.createdAt)}</time>
              </span>
              {/* The client's words as text, never as HTML. */}
              <span className="break-words whitespace-pre-line">{comment.text}</span>
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={send} className="flex flex-wrap items-end gap-2">
        <label htmlFor={boxId} className="sr-only">
          <Trans>Answer on {title}</Trans>
        </label>
        <Textarea
          id={boxId}
          rows={2}
          maxLength={GALLERY_COMMENT_MAX}
          placeholder={t`Answer the client`}
          value={text}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setText(event.target.value)}
          className="min-h-11 flex-1 basis-48"
        />
        <Button type="submit" variant="outline" className="min-h-11 sm:min-h-9" disabled={answer.isPending}>
          <Send aria-hidden className="rtl:-scale-x-100" />
          <Trans>Answer</Trans>
          <span className="sr-only">
            {' '}
            <Trans>on {title}</Trans>
          </span>
        </Button>
        {error && (
          <p role="alert" className="w-full text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
    </li>
  );
}
