import { plural, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ImageUp, LoaderCircle, RotateCw, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useDropzone, type FileRejection } from 'react-dropzone';
import type { Category } from '#contract/categories.ts';
import { PHOTO_ACCEPT, type RejectedFile } from '#contract/photos.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { cn } from '#client/lib/utils.ts';
import { checkSession, sendPhotoBatch } from '#client/features/photos/api/upload-photos.ts';
import { getPhotosQueryOptions } from '#client/features/photos/api/get-photos.ts';
import { beginRecentUpload, markRecentUploads } from '#client/features/photos/lib/recent-uploads.ts';
import { useUploadFormats } from '#client/features/photos/api/get-upload-formats.ts';
import { BASIC_FORMATS, isTaken, notAnImage, notATakenType, sniffImage } from '#client/features/photos/lib/sniff-image.ts';
import {
  UploadQueue,
  type FileStatus,
  type QueuedFile,
  type QueueSnapshot,
} from '#client/features/photos/lib/upload-queue.ts';

interface SelectedFile {
  key: string;
  file: File;
  /** An object URL for the preview; revoked when the file leaves the selection. */
  previewUrl: string;
}

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * While an upload runs, the photo list refreshes when the first photos land and then at most this
 * often (each refresh redraws every grid of the admin), and once at the end.
 */
const REFRESH_EVERY_MS = 15_000;

interface Finished {
  stored: number;
  target: string;
}

/**
 * The Upload Photos panel: pick or drop images (anything else is refused here, with the reason),
 * preview them, choose where they go, and send them in batches with each file's progress and a
 * total one, a retry per failed file, and a cancel.
 */
export function UploadPhotosPanel({ categories }: { categories: Category[] }) {
  const [selected, setSelected] = useState<SelectedFile[]>([]);
  const [browserRejections, setBrowserRejections] = useState<RejectedFile[]>([]);
  const [targetId, setTargetId] = useState<number | null>(null);
  const [checkingSession, setCheckingSession] = useState(false);
  const [queue, setQueue] = useState<UploadQueue<File> | null>(null);
  const [snapshot, setSnapshot] = useState<QueueSnapshot<File> | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const queryClient = useQueryClient();
  const frame = useRef(0);
  const recentUpload = useRef(0);
  const lastRefresh = useRef(0);
  const titleId = useId();
  const targetFieldId = useId();
  const { t } = useLingui();

  const running = snapshot?.running ?? false;
  const busy = checkingSession || running;
  // A category deleted meanwhile is no target: the photo bank is.
  const target = categories.find((category) => category.id === targetId) ?? null;

  // The previews' object URLs live as long as the panel, and no longer.
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  useEffect(
    () => () => {
      for (const item of selectedRef.current) URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );

  /**
   * The selection without what the last upload stored: those photos are in the portfolio now, and
   * a changed selection is a new upload, which must not send them again.
   */
  const unstored = (items: SelectedFile[]) => {
    const files = queue?.snapshot().files;
    if (!files || files.length !== items.length) return items;
    release(items.filter((_, index) => files[index]?.status === 'stored'));
    return items.filter((_, index) => files[index]?.status !== 'stored');
  };

  // Object URLs are made and revoked here, outside the state updaters, which React may run twice.
  const addFiles = (files: File[]) => {
    const current = unstored(selectedRef.current);
    const known = new Set(current.map((item) => item.key));
    const added: SelectedFile[] = [];
    for (const file of files) {
      const key = fileKey(file);
      if (known.has(key)) continue;
      known.add(key);
      added.push({ key, file, previewUrl: URL.createObjectURL(file) });
    }
    if (added.length === 0) return;
    const next = [...current, ...added];
    selectedRef.current = next;
    setSelected(next);
    // New files make a new selection: what the last one left is sent again with them.
    setQueue(null);
    setSnapshot(null);
  };

  const release = (items: SelectedFile[]) => {
    for (const item of items) URL.revokeObjectURL(item.previewUrl);
  };

  // HEIC and RAW are offered where the server has their decoders.
  const formats = useUploadFormats().data;
  const takes = formats?.takes ?? BASIC_FORMATS;
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: formats?.accept ?? PHOTO_ACCEPT,
    multiple: true,
    disabled: busy,
    onDrop: (accepted: File[], rejected: FileRejection[]) => {
      setFinished(null);
      // The picker's own reason is English: a type it refused is said in the owner's language.
      const reasonOf = (error: FileRejection['errors'][number]) => (error.code === 'file-invalid-type' ? notATakenType(takes) : error.message);
      const byName = rejected.map(({ file, errors }) => ({ name: file.name, reason: errors.map(reasonOf).join('; ') }));
      setBrowserRejections(byName);
      // The name says image; the content must too, before anything is sent.
      void Promise.all(accepted.map(async (file) => ({ file, format: await sniffImage(file).catch(() => null) }))).then((checked) => {
        const taken = ({ format }: (typeof checked)[number]) => format !== null && isTaken(format, takes);
        const notImages = checked.filter((item) => !taken(item)).map(({ file }) => ({ name: file.name, reason: notAnImage(takes) }));
        if (notImages.length > 0) setBrowserRejections([...byName, ...notImages]);
        addFiles(checked.filter(taken).map(({ file }) => file));
      });
    },
  });

  const removeFile = (key: string) => {
    const current = unstored(selectedRef.current);
    const gone = current.find((item) => item.key === key);
    if (gone) release([gone]);
    const next = current.filter((item) => item.key !== key);
    selectedRef.current = next;
    setSelected(next);
    setQueue(null);
    setSnapshot(null);
  };

  const clearAll = () => {
    release(selected);
    selectedRef.current = [];
    setSelected([]);
    setBrowserRejections([]);
    setQueue(null);
    setSnapshot(null);
  };

  /** Sends the selection; with `only`, just those files of the last upload (a retry). */
  const startUpload = async (only?: number[]) => {
    if (selected.length === 0 || busy) return;
    setCheckingSession(true);
    const session = await checkSession();
    setCheckingSession(false);
    if (session === 'signed-out') {
      toast({ title: t`Authentication Required`, description: t`Please refresh the page and log in again`, variant: 'destructive' });
      return;
    }
    if (session === 'unreachable') {
      toast({ title: t`Connection Error`, description: t`Unable to verify authentication`, variant: 'destructive' });
      return;
    }
    setFinished(null);

    const refresh = () => {
      lastRefresh.current = Date.now();
      return queryClient.invalidateQueries({ queryKey: getPhotosQueryOptions().queryKey });
    };
    // The same selection again (after a cancel or failures) keeps its id and positions, so the
    // server stores nothing twice, even a file whose batch was cut off on its way.
    let current = queue !== null && queue.snapshot().files.length === selected.length ? queue : null;
    if (!current) {
      recentUpload.current = beginRecentUpload();
      lastRefresh.current = 0;
      const made: UploadQueue<File> = new UploadQueue(
        selected.map((item) => item.file),
        {
          send: sendPhotoBatch,
          categoryId: target?.id ?? null,
          // Progress comes many times a second: draw it once a frame.
          onChange: () => {
            if (frame.current !== 0) return;
            frame.current = requestAnimationFrame(() => {
              frame.current = 0;
              setSnapshot(made.snapshot());
            });
          },
          onStored: (photos) => {
            markRecentUploads(recentUpload.current, photos.map((photo) => photo.id));
            if (Date.now() - lastRefresh.current >= REFRESH_EVERY_MS) void refresh();
          },
        },
      );
      current = made;
    }
    for (const position of only ?? current.snapshot().files.map((item) => item.position)) current.retry(position);
    setQueue(current);
    setSnapshot(current.snapshot());
    await current.run();
    cancelAnimationFrame(frame.current);
    frame.current = 0;
    const done = current.snapshot();
    setSnapshot(done);
    if (done.stored > 0) await refresh();

    // What was stored leaves the selection; what failed or was cancelled stays, to be sent again.
    const storedPositions = new Set(done.files.filter((item) => item.status === 'stored').map((item) => item.position));
    const before = selectedRef.current;
    const sameSelection = before.length === done.files.length;
    if (sameSelection && storedPositions.size === before.length) {
      release(before);
      selectedRef.current = [];
      setSelected([]);
      setQueue(null);
      setSnapshot(null);
    }
    const targetName = target?.name ?? t`the photo bank`;
    if (done.stored > 0) {
      setFinished({ stored: done.stored, target: targetName });
      const { stored, failed } = done;
      const description =
        failed > 0
          ? t`Uploaded ${plural(stored, { one: '# photo', other: '# photos' })}; ${plural(failed, { one: '# file was not uploaded', other: '# files were not uploaded' })}`
          : plural(stored, { one: 'Uploaded # photo', other: 'Uploaded # photos' });
      toast({ title: t`Upload successful`, description });
    } else if (done.failed > 0) {
      toast({ title: t`Upload failed`, description: done.lastMessage ?? t`Failed to upload photos`, variant: 'destructive' });
    }
  };

  // The list's items keep the same handlers from render to render, so only changed files redraw.
  const latest = useRef({ removeFile, startUpload, queue });
  useEffect(() => {
    latest.current = { removeFile, startUpload, queue };
  });
  const [handlers] = useState(() => ({
    remove: (key: string) => latest.current.removeFile(key),
    cancel: (position: number) => latest.current.queue?.cancelFile(position),
    retry: (position: number) => void latest.current.startUpload([position]),
  }));

  const queued = snapshot?.files;
  const failedFiles = queued?.filter((item) => item.status === 'failed') ?? [];
  // Once an upload ends, what it stored leaves the list; what is left is what Upload Photos sends.
  const listed = selected
    .map((item, index) => ({ item, queued: queued?.[index] }))
    .filter(({ queued: file }) => running || file?.status !== 'stored');
  const count = listed.length;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id={titleId} className="text-xl">
          <Trans>Upload Photos</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>New photos come first in the photo bank, or in the category you choose.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={targetFieldId} className="text-sm font-medium">
            <Trans>Upload to</Trans>
          </label>
          <select
            id={targetFieldId}
            value={target?.id ?? ''}
            disabled={busy}
            onChange={(event) => setTargetId(event.target.value === '' ? null : Number(event.target.value))}
            className="h-11 w-full min-w-0 rounded-md sm:w-auto sm:max-w-xs sm:min-w-48 border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
          >
            <option value="">{t`Photo bank`}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>

        {/* Beside the drop area, not in it: a button may not hold another control. */}
        <input {...getInputProps({ 'aria-label': t`Photos to upload` })} />
        <div
          {...getRootProps({
            role: 'button',
            'aria-disabled': busy,
            className: cn(
              'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-input px-4 py-8 text-center transition-colors hover:border-ring hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
              isDragActive && 'border-ring bg-accent',
              busy && 'pointer-events-none opacity-60',
            ),
          })}
        >
          <ImageUp className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">
            <Trans>Drag and drop photos here, or click to browse</Trans>
          </p>
          <p className="text-xs text-muted-foreground">
            <Trans>Images will be automatically resized to square format</Trans>
          </p>
          <p className="text-xs text-muted-foreground">
            <TakesLine takes={takes} missing={formats?.missing ?? []} />
          </p>
        </div>

        {browserRejections.length > 0 && (
          <FileProblems heading={plural(browserRejections.length, { other: '# file(s) not added' })} items={browserRejections} />
        )}

        {finished && (
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
            <p className="me-auto">
              <UploadedLine finished={finished} />
            </p>
            <Button variant="outline" onClick={showRecentUploads}>
              <Trans>Show them</Trans>
            </Button>
          </div>
        )}

        {count > 0 && (
          <>
            <ul
              aria-label={t`Selected photos`}
              className="grid max-h-[32rem] grid-cols-3 gap-3 overflow-y-auto p-0.5 sm:grid-cols-4 lg:grid-cols-6"
            >
              {listed.map(({ item, queued: file }) => (
                <SelectedFileItem
                  key={item.key}
                  item={item}
                  queued={file}
                  removable={!busy}
                  onRemove={handlers.remove}
                  onCancel={handlers.cancel}
                  onRetry={handlers.retry}
                />
              ))}
            </ul>

            {snapshot && (running || snapshot.pending > 0) && <TotalProgress snapshot={snapshot} />}

            <div className="flex flex-wrap items-center gap-3">
              <p className="me-auto text-sm text-muted-foreground" aria-live="polite">
                <Plural value={count} other="# file(s) selected" />
              </p>
              {running && (
                <Button variant="outline" onClick={() => queue?.cancel()}>
                  <Trans>Cancel upload</Trans>
                </Button>
              )}
              <Button variant="outline" onClick={clearAll} disabled={busy}>
                <Trans>Clear All</Trans>
              </Button>
              <Button onClick={() => void startUpload()} disabled={busy}>
                {busy && <LoaderCircle className="motion-safe:animate-spin" aria-hidden />}
                <Trans>Upload Photos</Trans>
              </Button>
            </div>
          </>
        )}

        {!running && failedFiles.length > 0 && (
          <FileProblems
            heading={plural(failedFiles.length, { other: '# file(s) not uploaded' })}
            items={failedFiles.map((item) => ({ name: item.file.name, reason: item.reason ?? t`Failed to upload` }))}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** What the server takes, and what it would take with a package installed. */
function TakesLine({ takes, missing }: { takes: readonly string[]; missing: readonly { label: string; package: string }[] }) {
  const list = takes.join(', ');
  return (
    <>
      <Trans>Takes {list}</Trans>
      {missing.map(({ label, package: needed }) => (
        <span key={label}>
          ; <Trans>{label} needs the package {needed} on the server</Trans>
        </span>
      ))}
    </>
  );
}

function UploadedLine({ finished }: { finished: Finished }) {
  const { stored, target } = finished;
  return (
    <Plural
      value={stored}
      one={`# photo uploaded to ${target}, first there and marked New.`}
      other={`# photos uploaded to ${target}, first there and marked New.`}
    />
  );
}

/** Brings the first photo of the latest upload into view, where it now stands first. */
function showRecentUploads() {
  const first = document.querySelector<HTMLElement>('[data-recent-upload]');
  first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  first?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
}

const statusTexts = (): Record<FileStatus, string> => ({
  waiting: t`Waiting`,
  sending: t`Uploading`,
  processing: t`Processing…`,
  stored: t`Uploaded`,
  failed: t`Failed`,
  cancelled: t`Cancelled`,
});

/** One file of the selection: its preview, name, and while an upload runs its own progress and status. */
const SelectedFileItem = memo(function SelectedFileItem({
  item,
  queued,
  removable,
  onRemove,
  onCancel,
  onRetry,
}: {
  item: SelectedFile;
  queued: QueuedFile<File> | undefined;
  removable: boolean;
  onRemove: (key: string) => void;
  onCancel: (position: number) => void;
  onRetry: (position: number) => void;
}) {
  const { key, file, previewUrl } = item;
  const status = queued?.status;
  const percent = queued && file.size > 0 ? Math.round((Math.min(queued.sentBytes, file.size) / file.size) * 100) : 0;
  const { t } = useLingui();
  const name = file.name;
  const statusText = status === 'sending' ? t`Uploading ${percent}%` : status ? statusTexts()[status] : null;
  return (
    <li className="grid min-w-0 gap-1" data-status={status}>
      <div className="relative aspect-square overflow-hidden rounded-md border bg-muted">
        <img src={previewUrl} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        {status === 'waiting' && !removable ? (
          <CornerButton label={t`Cancel ${name}`} onClick={() => onCancel(queued!.position)}>
            <X aria-hidden />
          </CornerButton>
        ) : status === 'failed' && removable ? (
          <CornerButton label={t`Retry ${name}`} onClick={() => onRetry(queued!.position)}>
            <RotateCw aria-hidden />
          </CornerButton>
        ) : removable ? (
          <CornerButton label={t`Remove ${name}`} onClick={() => onRemove(key)}>
            <X aria-hidden />
          </CornerButton>
        ) : null}
        {status && status !== 'waiting' && (
          <div className="absolute inset-x-0 bottom-0 h-1.5 bg-background/70" aria-hidden>
            <div
              className={cn('h-full', status === 'failed' ? 'bg-destructive' : 'bg-primary')}
              style={{ width: `${status === 'stored' || status === 'processing' || status === 'failed' ? 100 : percent}%` }}
            />
          </div>
        )}
      </div>
      <p className="truncate text-xs text-muted-foreground" title={file.name}>
        {file.name}
      </p>
      {statusText && (
        <p
          className={cn('truncate text-xs', status === 'failed' ? 'text-destructive' : 'text-muted-foreground')}
          title={queued?.reason ?? undefined}
        >
          {statusText}
        </p>
      )}
    </li>
  );
});

function CornerButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      variant="secondary"
      size="icon"
      // 44 px to the finger: the visible circle is smaller, its hit area is not.
      className="absolute end-0 top-0 size-11 rounded-full bg-transparent p-0 shadow-none hover:bg-transparent"
      aria-label={label}
      onClick={onClick}
    >
      <span className="flex size-7 items-center justify-center rounded-full bg-background/90 shadow-sm [&_svg]:size-4">{children}</span>
    </Button>
  );
}

function TotalProgress({ snapshot }: { snapshot: QueueSnapshot<File> }) {
  const labelId = useId();
  const total = snapshot.stored + snapshot.failed + snapshot.pending;
  const settled = snapshot.stored + snapshot.failed;
  const { t } = useLingui();
  const { stored, failed, percent } = snapshot;
  const label = failed > 0 ? t`Uploaded ${stored} of ${total}, ${failed} failed` : t`Uploaded ${stored} of ${total}`;
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between gap-2 text-sm">
        <span id={labelId}>
          {settled === total ? t`Finishing…` : t`Uploading…`} {label}
        </span>
        <span className="tabular-nums" aria-hidden>
          {snapshot.percent}%
        </span>
      </div>
      <Progress value={percent} aria-labelledby={labelId} getValueLabel={() => t`${percent}%, ${label}`} />
    </div>
  );
}

function FileProblems({ heading, items }: { heading: string; items: RejectedFile[] }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm">
      <p className="font-medium text-destructive">{heading}</p>
      <ul className="mt-1 grid max-h-48 gap-0.5 overflow-y-auto">
        {items.map(({ name, reason }, index) => (
          <li key={`${name}-${index}`} className="break-words">
            <span className="font-medium">{name}</span>: {reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
