import { useEffect, useId, useRef, useState } from 'react';
import { ImageUp, LoaderCircle, X } from 'lucide-react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { PHOTO_ACCEPT, type RejectedFile } from '#contract/photos.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { cn } from '#client/lib/utils.ts';
import {
  checkSession,
  UploadRefusedError,
  useUploadPhotos,
  type UploadProgress,
} from '#client/features/photos/api/upload-photos.ts';

interface SelectedFile {
  key: string;
  file: File;
  /** An object URL for the preview; revoked when the file leaves the selection. */
  previewUrl: string;
}

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/** A file the picker refused, with react-dropzone's own messages. */
interface PickerRejection {
  name: string;
  messages: string[];
}

/** The Upload Photos panel: pick or drop images, preview them, send them with real progress. */
export function UploadPhotosPanel() {
  const [selected, setSelected] = useState<SelectedFile[]>([]);
  const [pickerRejections, setPickerRejections] = useState<PickerRejection[]>([]);
  const [serverRejections, setServerRejections] = useState<RejectedFile[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [checkingSession, setCheckingSession] = useState(false);
  const upload = useUploadPhotos();
  const busy = checkingSession || upload.isPending;
  const titleId = useId();

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

  // Object URLs are made and revoked here, outside the state updaters, which React may run twice.
  const addFiles = (files: File[]) => {
    const known = new Set(selected.map((item) => item.key));
    const added: SelectedFile[] = [];
    for (const file of files) {
      const key = fileKey(file);
      if (known.has(key)) continue;
      known.add(key);
      added.push({ key, file, previewUrl: URL.createObjectURL(file) });
    }
    if (added.length > 0) setSelected([...selected, ...added]);
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: PHOTO_ACCEPT,
    multiple: true,
    disabled: busy,
    onDrop: (accepted: File[], rejected: FileRejection[]) => {
      setPickerRejections(
        rejected.map(({ file, errors }) => ({ name: file.name, messages: errors.map((error) => error.message) })),
      );
      setServerRejections([]);
      addFiles(accepted);
    },
  });

  const removeFile = (key: string) => {
    const gone = selected.find((item) => item.key === key);
    if (gone) URL.revokeObjectURL(gone.previewUrl);
    setSelected(selected.filter((item) => item.key !== key));
  };

  const clearAll = () => {
    for (const item of selected) URL.revokeObjectURL(item.previewUrl);
    setSelected([]);
    setPickerRejections([]);
  };

  const startUpload = async () => {
    if (selected.length === 0 || busy) return;
    setCheckingSession(true);
    const session = await checkSession();
    setCheckingSession(false);
    if (session === 'signed-out') {
      toast({
        title: 'Authentication Required',
        description: 'Please refresh the page and log in again',
        variant: 'destructive',
      });
      return;
    }
    if (session === 'unreachable') {
      toast({ title: 'Connection Error', description: 'Unable to verify authentication', variant: 'destructive' });
      return;
    }

    setServerRejections([]);
    setProgress({ phase: 'uploading', percent: 0 });
    upload.mutate(
      { files: selected.map((item) => item.file), onProgress: setProgress },
      {
        onSuccess: (result) => {
          setProgress(null);
          setServerRejections(result.rejected);
          clearAll();
        },
        onError: (error) => {
          setProgress(null);
          if (error instanceof UploadRefusedError) setServerRejections(error.rejected);
        },
      },
    );
  };

  const count = selected.length;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id={titleId} className="text-xl">
          Upload Photos
        </CardTitle>
        <CardDescription>New photos go to the photo bank, ready to be placed in a category.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {/* Beside the drop area, not in it: a button may not hold another control. */}
        <input {...getInputProps({ 'aria-label': 'Photos to upload' })} />
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
          <p className="text-sm font-medium">Drag and drop photos here, or click to browse</p>
          <p className="text-xs text-muted-foreground">Images will be automatically resized to square format</p>
        </div>

        {pickerRejections.length > 0 && (
          <FileProblems
            heading={`${pickerRejections.length} file(s) not added`}
            items={pickerRejections.map(({ name, messages }) => ({ name, reason: messages.join('; ') }))}
          />
        )}

        {count > 0 && (
          <>
            <ul aria-label="Selected photos" className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
              {selected.map(({ key, file, previewUrl }) => (
                <li key={key} className="grid min-w-0 gap-1">
                  <div className="relative aspect-square overflow-hidden rounded-md border bg-muted">
                    <img src={previewUrl} alt="" className="size-full object-cover" />
                    <Button
                      variant="secondary"
                      size="icon"
                      className="absolute top-1 right-1 size-7 rounded-full bg-background/90 shadow-sm"
                      aria-label={`Remove ${file.name}`}
                      disabled={busy}
                      onClick={() => removeFile(key)}
                    >
                      <X aria-hidden />
                    </Button>
                  </div>
                  <p className="truncate text-xs text-muted-foreground" title={file.name}>
                    {file.name}
                  </p>
                </li>
              ))}
            </ul>

            {progress && <UploadProgressBar progress={progress} />}

            <div className="flex flex-wrap items-center gap-3">
              <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
                {count} file(s) selected
              </p>
              <Button variant="outline" onClick={clearAll} disabled={busy}>
                Clear All
              </Button>
              <Button onClick={() => void startUpload()} disabled={busy}>
                {busy && <LoaderCircle className="motion-safe:animate-spin" aria-hidden />}
                Upload Photos
              </Button>
            </div>
          </>
        )}

        {serverRejections.length > 0 && (
          <FileProblems heading={`${serverRejections.length} file(s) not uploaded`} items={serverRejections} />
        )}
      </CardContent>
    </Card>
  );
}

function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const labelId = useId();
  const label = progress.phase === 'processing' ? 'Processing…' : `Uploading… ${progress.percent}%`;
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between text-sm">
        <span id={labelId}>{progress.phase === 'processing' ? 'Processing…' : 'Uploading…'}</span>
        <span className="tabular-nums" aria-hidden>
          {progress.percent}%
        </span>
      </div>
      <Progress value={progress.percent} aria-labelledby={labelId} getValueLabel={() => label} />
    </div>
  );
}

function FileProblems({ heading, items }: { heading: string; items: RejectedFile[] }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm">
      <p className="font-medium text-destructive">{heading}</p>
      <ul className="mt-1 grid gap-0.5">
        {items.map(({ name, reason }, index) => (
          <li key={`${name}-${index}`} className="break-words">
            <span className="font-medium">{name}</span>: {reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
