import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { copyText } from '#client/lib/clipboard.ts';

/**
 * A secret the server shows only in the answer that made it (a token, a webhook's signing key),
 * with a copy button, until the owner says they are done: it is never shown again. `texts` names it
 * in the button and the toasts ("Copy token", "Token copied", "Could not copy the token").
 */
export function ShownOnce({
  label,
  inputLabel,
  texts,
  value,
  onDone,
  children,
}: {
  /** The region's accessible name. */
  label: string;
  inputLabel: string;
  texts: { copy: string; copied: string; notCopied: string };
  value: string;
  onDone: () => void;
  /** Why it is to be copied now, and what happens later. */
  children: ReactNode;
}) {
  const copy = async () => {
    const copied = await copyText(value);
    toast(copied ? { title: texts.copied } : { title: texts.notCopied, description: value, variant: 'destructive' });
  };
  return (
    <section aria-label={label} className="grid gap-2 rounded-md border border-primary p-3">
      <p className="text-sm">{children}</p>
      <Input readOnly aria-label={inputLabel} className="h-11 font-mono" value={value} onFocus={(event) => event.target.select()} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" className="min-h-11 sm:min-h-9" onClick={() => void copy()}>
          <Copy aria-hidden />
          {texts.copy}
        </Button>
        <Button variant="ghost" className="min-h-11 sm:min-h-9" onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </section>
  );
}

function Loading() {
  const { t } = useLingui();
  return <p className="text-sm text-muted-foreground">{t`Loading…`}</p>;
}

/**
 * A panel's list as its query stands: loading, failed, empty, or its items in a labelled list.
 */
export function QueryList<T>({
  query,
  label,
  failedText,
  emptyText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: T[] | undefined };
  label: string;
  failedText: string;
  emptyText: string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError || !query.data) {
    return (
      <p role="alert" className="text-sm">
        {failedText}
      </p>
    );
  }
  if (query.data.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul aria-label={label} className="grid gap-2">
      {query.data.map(children)}
    </ul>
  );
}
