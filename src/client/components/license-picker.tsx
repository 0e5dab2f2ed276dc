import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isNamedLicense, LICENSE_LABELS, LICENSES } from '#contract/rights.ts';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import type { FieldControlProps } from '#client/components/form-field.tsx';

const CUSTOM = 'custom';

export interface LicensePickerProps {
  /** The props FormField gives its control (id, invalid state, descriptions). */
  field: FieldControlProps;
  /** A named licence, an https link, or '' for none (the default applies). */
  value: string;
  onChange: (value: string) => void;
  /** What the empty choice means here: "Category default", "None". */
  emptyLabel: string;
  disabled?: boolean;
}

/** A licence: one of the named ones, or a link to custom terms typed in a field of its own. */
export function LicensePicker({ field, value, onChange, emptyLabel, disabled }: LicensePickerProps) {
  const [custom, setCustom] = useState(value !== '' && !isNamedLicense(value));
  const { t } = useLingui();
  // The licences' own names stay as their authors wrote them; these two are words.
  const labels = { ...LICENSE_LABELS, 'all-rights-reserved': t`All rights reserved`, cc0: t`CC0 (public domain)` };
  return (
    <div className="grid gap-2">
      <NativeSelect
        {...field}
        value={custom ? CUSTOM : value}
        disabled={disabled}
        onChange={(event) => {
          const choice = event.target.value;
          setCustom(choice === CUSTOM);
          onChange(choice === CUSTOM ? '' : choice);
        }}
      >
        <option value="">{emptyLabel}</option>
        {LICENSES.map((license) => (
          <option key={license} value={license}>
            {labels[license]}
          </option>
        ))}
        <option value={CUSTOM}>{t`Custom licence link…`}</option>
      </NativeSelect>
      {custom && (
        <Input
          aria-label={t`Licence link`}
          type="url"
          inputMode="url"
          placeholder={t`https://example.com/licence`}
          value={value}
          disabled={disabled}
          aria-invalid={field['aria-invalid']}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}
