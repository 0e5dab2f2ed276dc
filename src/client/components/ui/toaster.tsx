import { useLingui } from '@lingui/react/macro';
import { readingDirection } from '#client/lib/i18n.ts';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast.tsx';
import { dismissToast, useToast } from './use-toast.ts';

/**
 * Shown 5000 ms, swiped away towards the page's end past 50 px (the right, or the left in a
 * right-to-left language, where the toasts stand), F8 focuses the region.
 */
export function Toaster() {
  const { t } = useLingui();
  const { toasts } = useToast();
  return (
    <ToastProvider
      duration={5000}
      swipeDirection={readingDirection() === 'rtl' ? 'left' : 'right'}
      swipeThreshold={50}
      label={t`Notification`}
    >
      {toasts.map(({ id, title, description, variant, open, action, duration }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          {...(duration === undefined ? {} : { duration })}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action && (
            <ToastAction altText={action.altText} onClick={action.onClick}>
              {action.label}
            </ToastAction>
          )}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} label={t`Notifications (F8)`} />
    </ToastProvider>
  );
}
