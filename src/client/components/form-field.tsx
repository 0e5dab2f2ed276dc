import type { ReactNode } from 'react';
import { Label } from '#client/components/ui/label.tsx';

/** What the control of a field needs: its id, and the state and descriptions a screen reader announces. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** The validation message; shown under the control as `${id}-error`. */
  error?: string;
  /** A lasting explanation under the control, as `${id}-hint`, read before the error. */
  hint?: ReactNode;
  hintClassName?: string;
  className?: string;
  /** The control itself, given the props that tie it to the label, the hint and the error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled control with its hint and its error line, wired together for assistive technology. */
export function FormField({
  id,
  label,
  error,
  hint,
  hintClassName = 'text-sm text-muted-foreground',
  className = 'grid gap-2',
  children,
}: FormFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className={hintClassName}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
