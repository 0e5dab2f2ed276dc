import { useId } from 'react';
import { NativeSelect } from '#client/components/ui/native-select.tsx';

/** One setting of a category as a select named for screen readers only, its options in `labels`' order. */
export function CategorySettingSelect<Value extends string>({
  label,
  value,
  labels,
  disabled,
  onChange,
}: {
  label: string;
  value: Value;
  labels: Record<Value, string>;
  disabled: boolean;
  onChange: (value: Value) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <NativeSelect
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as Value)}
        className="w-auto flex-1 sm:flex-none"
      >
        {(Object.keys(labels) as Value[]).map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}
