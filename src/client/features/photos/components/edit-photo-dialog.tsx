import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useUnsavedChanges } from '#client/lib/unsaved-changes.ts';
import { Controller, useFieldArray, useForm, useWatch, type Control, type UseFormRegister, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { isMusicRelease } from '#contract/music.ts';
import { Track, UpdatePhotoRequest, type Photo } from '#contract/photos.ts';
import { ALT_TEXT_MAX } from '#contract/rights.ts';
import { altOf } from '#contract/alt-text.ts';
import { LicensePicker } from '#client/components/license-picker.tsx';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { PhotoImage } from './photo-image.tsx';
import { useUpdatePhoto } from '#client/features/photos/api/update-photo.ts';
import { validationText } from '#client/lib/validation-text.ts';

/** The request's rules, with the track list always a list while it is being edited. */
const PhotoForm = UpdatePhotoRequest.extend({ tracks: z.array(Track).max(100) });
type PhotoFormInput = z.input<typeof PhotoForm>;
type PhotoFormOutput = z.output<typeof PhotoForm>;

export interface EditPhotoDialogProps {
  /** The photo being edited; null keeps the dialog closed. */
  photo: Photo | null;
  onClose: () => void;
  /** More of the photo to edit, saved on its own (a release's audio previews, from the music feature). */
  extra?: ((photo: Photo) => ReactNode) | undefined;
}

/** The Edit Photo Details dialog: title, alt text, description, project link, credit and licence, and a release's tracks. */
export function EditPhotoDialog({ photo, onClose, extra }: EditPhotoDialogProps) {
  return (
    <Dialog open={photo !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Edit Photo Details</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>What visitors read when they open this photo.</Trans>
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by photo, so each opening starts from that photo's saved values. */}
        {photo && <EditPhotoForm key={photo.id} photo={photo} onDone={onClose} />}
        {photo && extra?.(photo)}
      </DialogContent>
    </Dialog>
  );
}

function EditPhotoForm({ photo, onDone }: { photo: Photo; onDone: () => void }) {
  const update = useUpdatePhoto();
  const { t } = useLingui();
  const ids = { title: useId(), alt: useId(), description: useId(), link: useId(), license: useId(), credit: useId(), copyright: useId() };
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<PhotoFormInput, unknown, PhotoFormOutput>({
    resolver: zodResolver(PhotoForm),
    defaultValues: {
      title: photo.title,
      description: photo.description ?? '',
      hyperlink: photo.hyperlink ?? '',
      tracks: photo.tracks ?? [],
      altText: photo.altText ?? '',
      license: photo.license ?? '',
      credit: photo.credit ?? '',
      copyright: photo.copyright ?? '',
    },
  });

  useUnsavedChanges(isDirty && !update.isSuccess);

  // The track list shows for a release, judged live as the owner types, or when it already has tracks.
  const [title, hyperlink, altText] = useWatch({ control, name: ['title', 'hyperlink', 'altText'] });
  const showTracks = (photo.tracks?.length ?? 0) > 0 || isMusicRelease({ title, hyperlink: hyperlink ?? null });
  const altLength = [...(altText ?? '')].length;

  const onValid = (values: PhotoFormOutput) => {
    const { tracks, ...rest } = values;
    update.mutate(
      // A photo that is not a release keeps its track list untouched (absent), rather than wiped.
      { id: photo.id, changes: { ...rest, ...(showTracks ? { tracks } : {}) } },
      { onSuccess: onDone },
    );
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <div className="flex justify-center overflow-hidden rounded-md bg-muted">
        <PhotoImage
          photo={photo}
          alt={altOf(photo)}
          layout="full"
          sizes="(min-width: 672px) 624px, 100vw"
          className="max-h-64 w-auto object-contain"
        />
      </div>

      <FormField id={ids.title} label={t`Title`} error={validationText(errors.title?.message)}>
        {(field) => <Input {...field} required {...register('title')} />}
      </FormField>

      <FormField
        id={ids.alt}
        label={t`Alt text`}
        hint={t`What the photo shows, for screen readers and search engines; without it, the title is read. ${altLength}/${ALT_TEXT_MAX}`}
        hintClassName="text-xs text-muted-foreground"
        error={validationText(errors.altText?.message)}
      >
        {(field) => <Textarea {...field} rows={2} placeholder={t`Describe the photo for someone who cannot see it`} {...register('altText')} />}
      </FormField>

      <FormField id={ids.description} label={t`Description`} error={validationText(errors.description?.message)}>
        {(field) => (
          <Textarea
            {...field}
            rows={4}
            placeholder={t`Description shown when a visitor clicks the photo`}
            {...register('description')}
          />
        )}
      </FormField>

      <FormField
        id={ids.link}
        label={t`Project Link (Optional)`}
        hint={t`A link for viewers to visit, shown as a Visit Project button.`}
        hintClassName="text-xs text-muted-foreground"
        error={validationText(errors.hyperlink?.message)}
      >
        {(field) => (
          <Input
            {...field}
            type="url"
            inputMode="url"
            placeholder={t`https://example.com/project`}
            {...register('hyperlink')}
          />
        )}
      </FormField>

      <fieldset className="grid min-w-0 gap-3 rounded-md border p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">
          <Trans>Credit and licence</Trans>
        </legend>
        <p className="-mt-1 text-xs text-muted-foreground">
          <Trans>Shown to search engines and kept in the image file. Empty fields take the category's default.</Trans>
        </p>
        <FormField id={ids.license} label={t`Licence`} error={validationText(errors.license?.message)}>
          {(field) => (
            <Controller
              control={control}
              name="license"
              render={({ field: { value, onChange } }) => (
                <LicensePicker field={field} value={value ?? ''} onChange={onChange} emptyLabel={t`Category default`} />
              )}
            />
          )}
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id={ids.credit} label={t`Credit`} error={validationText(errors.credit?.message)}>
            {(field) => <Input {...field} placeholder={t`For example: Photo by your name`} {...register('credit')} />}
          </FormField>
          <FormField id={ids.copyright} label={t`Copyright`} error={validationText(errors.copyright?.message)}>
            {(field) => <Input {...field} placeholder={t`For example: © year, your name`} {...register('copyright')} />}
          </FormField>
        </div>
      </fieldset>

      {showTracks && <TrackListEditor control={control} register={register} errors={errors} />}

      <DialogFormFooter submitLabel={t`Save Changes`} pendingLabel={t`Saving...`} pending={update.isPending} />
    </form>
  );
}

interface TrackListEditorProps {
  control: Control<PhotoFormInput, unknown, PhotoFormOutput>;
  register: UseFormRegister<PhotoFormInput>;
  errors: FieldErrors<PhotoFormInput>;
}

/** A music release's tracks, in play order: rows can be added, removed and moved up or down. */
function TrackListEditor({ control, register, errors }: TrackListEditorProps) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'tracks' });
  const headingId = useId();
  const { t } = useLingui();

  return (
    <fieldset aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-md border p-3 sm:p-4">
      <div>
        <h3 id={headingId} className="text-sm font-semibold">
          <Trans>Track list</Trans>
        </h3>
        <p className="text-xs text-muted-foreground">
          <Trans>Shown to visitors who open this release. Durations as mm:ss.</Trans>
        </p>
      </div>
      {fields.length === 0 && (
        <p className="text-sm text-muted-foreground">
          <Trans>No tracks yet.</Trans>
        </p>
      )}
      <ol className="grid gap-3">
        {fields.map((field, index) => {
          const number = index + 1;
          const trackErrors = errors.tracks?.[index];
          return (
            <li key={field.id} className="grid gap-1">
              <div className="grid grid-cols-[1.5rem_minmax(0,1fr)_5rem] items-center gap-2 sm:grid-cols-[1.5rem_minmax(0,1fr)_5rem_auto]">
                <span className="text-end text-sm text-muted-foreground tabular-nums" aria-hidden>
                  {number}.
                </span>
                <Input
                  aria-label={t`Track ${number} title`}
                  placeholder={t`Track title`}
                  aria-invalid={trackErrors?.title ? true : undefined}
                  {...register(`tracks.${index}.title`)}
                />
                <Input
                  aria-label={t`Track ${number} duration`}
                  placeholder="02:30"
                  inputMode="numeric"
                  className="tabular-nums"
                  aria-invalid={trackErrors?.duration ? true : undefined}
                  {...register(`tracks.${index}.duration`)}
                />
                <div className="col-span-3 flex justify-end gap-1 sm:col-span-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    aria-label={t`Move track ${number} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    aria-label={t`Move track ${number} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    aria-label={t`Remove track ${number}`}
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
              {(trackErrors?.title ?? trackErrors?.duration) && (
                <p className="ps-8 text-sm text-destructive">
                  {[validationText(trackErrors.title?.message), validationText(trackErrors.duration?.message)].filter(Boolean).join('. ')}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <div>
        <Button variant="outline" size="sm" onClick={() => append({ title: '', duration: '' })}>
          <Plus aria-hidden />
          <Trans>Add track</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
