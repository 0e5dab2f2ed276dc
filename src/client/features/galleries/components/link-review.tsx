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
import { useUpdateLink } from '#client/features/galleries/api/galleries.ts';
import { useAnswerComment, useLinkThreads, useResetDownloads } from '#client/features/galleries/api/comments.ts';

/** A download limit typed by the owner: blank is none; else a whole number from 0. */
export function parseDownloadLimit(text: string): { limit: number | null } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { limit: null };
  if (!/^\d+$/.test(trimmed)) return { error: 'Download limit must be a whole number' };
  const limit = Number(trimmed);
  if (limit > GALLERY_DOWNLOAD_LIMIT_MAX) return { error: `Download limit must be at most ${GALLERY_DOWNLOAD_LIMIT_MAX}` };
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
  return (
    <div className="grid gap-3">
      <div className="flex min-h-11 items-center gap-3">
        <Switch id={ids.comments} checked={comments} onCheckedChange={onCommentsChange} />
        <Label htmlFor={ids.comments}>Let the client comment and approve or reject photos</Label>
      </div>
      <FormField id={ids.limit} label="Download limit (optional)" error={error} hint="A photo or a ZIP counts one. Blank for no limit.">
        {(control) => <Input {...control} inputMode="numeric" className="h-11 w-32" value={limit} onChange={(event) => onLimitChange(event.target.value)} />}
      </FormField>
    </div>
  );
}

const timeOf = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A link's comments and download limit in the links dialog: the summary, Reset, and the threads with an answer box. */
export function LinkReview({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const [open, setOpen] = useState(false);
  const reset = useResetDownloads(categoryId);
  const panelId = useId();
  const downloads =
    link.downloadLimit === null ? `${link.downloadsUsed} ${link.downloadsUsed === 1 ? 'download' : 'downloads'}, no limit` : `${link.downloadsUsed} of ${link.downloadLimit} downloads used`;
  return (
    <div className="grid w-full gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-xs text-muted-foreground" data-link-review={link.id}>
          {link.comments ? 'Comments on' : 'Comments off'} · {downloads}
        </p>
        {link.downloadsUsed > 0 && (
          <Button
            variant="ghost"
            className="min-h-11 sm:min-h-8"
            disabled={reset.isPending}
            onClick={() => reset.mutate(link.id, { onSuccess: () => toast({ title: 'Downloads reset', description: `${link.label} can download again.` }) })}
          >
            <RotateCcw aria-hidden />
            Reset downloads
            <span className="sr-only"> of {link.label}</span>
          </Button>
        )}
        <Button variant="ghost" className="min-h-11 sm:min-h-8" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
          <MessageSquare aria-hidden />
          Comments
          <span className="sr-only"> of {link.label}</span>
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
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDownloadLimit(limit);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    update.mutate({ id: link.id, changes: { comments, downloadLimit: parsed.limit } }, { onSuccess: () => toast({ title: 'Saved', description: link.label }) });
  };
  return (
    <form noValidate onSubmit={save} className="grid gap-3">
      <ReviewFields comments={comments} onCommentsChange={setComments} limit={limit} onLimitChange={setLimit} error={error} />
      <Button type="submit" variant="outline" className="min-h-11 justify-self-start sm:min-h-9" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save comments and limit'}
      </Button>
    </form>
  );
}

function LinkThreads({ link }: { link: GalleryLink }) {
  const threads = useLinkThreads(link.id);
  if (threads.isPending) return <Spinner label="Loading the comments" />;
  if (threads.isError)
    return (
      <p role="alert" className="text-sm">
        The comments could not be loaded.
      </p>
    );
  const list = threads.data.threads;
  if (list.length === 0) return <p className="text-sm">No comments or verdicts yet.</p>;
  const approved = list.filter((thread) => thread.verdict === 'approved').length;
  const rejected = list.filter((thread) => thread.verdict === 'rejected').length;
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        {approved} approved · {rejected} rejected · {list.filter((thread) => thread.comments.length > 0).length} with comments
      </p>
      <ul aria-label={`Comments of ${link.label}`} className="grid max-h-96 gap-3 overflow-y-auto">
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
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write an answer first');
      return;
    }
    setError(undefined);
    answer.mutate(
      { photoId: photo.id, text: text.trim() },
      {
        onSuccess: () => {
          setText('');
          setAnnounced(`Answer posted on ${photo.title}`);
        },
        onError: (failure) => setError(errorMessage(failure, 'The answer could not be posted')),
      },
    );
  };
  return (
    <li className="grid gap-2 rounded-md border bg-background p-2" data-owner-thread={photo.id}>
      <div className="flex items-center gap-3">
        <img src={thumbnailPath(photo)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded object-cover" />
        <div className="grid min-w-0 flex-1">
          <span className="text-sm font-medium break-words">{photo.title}</span>
          {thread.fileName && <span className="text-xs break-all text-muted-foreground">{thread.fileName}</span>}
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
            {thread.verdict === 'approved' ? 'Approved' : 'Rejected'}
          </span>
        )}
      </div>
      {thread.comments.length > 0 && (
        <ol className="grid gap-1">
          {thread.comments.map((comment) => (
            <li key={comment.id} className={comment.author === 'owner' ? 'rounded bg-muted px-2 py-1 text-sm' : 'rounded border px-2 py-1 text-sm'}>
              <span className="block text-xs text-muted-foreground">
                {comment.author === 'owner' ? 'You' : link.label} · <time dateTime={comment.createdAt}>{timeOf(comment.createdAt)}</time>
              </span>
              {/* The client's words as text, never as HTML. */}
              <span className="break-words whitespace-pre-line">{comment.text}</span>
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={send} className="flex flex-wrap items-end gap-2">
        <label htmlFor={boxId} className="sr-only">
          Answer on {photo.title}
        </label>
        <Textarea
          id={boxId}
          rows={2}
          maxLength={GALLERY_COMMENT_MAX}
          placeholder="Answer the client"
          value={text}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setText(event.target.value)}
          className="min-h-11 flex-1 basis-48"
        />
        <Button type="submit" variant="outline" className="min-h-11 sm:min-h-9" disabled={answer.isPending}>
          <Send aria-hidden />
          Answer
          <span className="sr-only"> on {photo.title}</span>
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
