import { Play } from '#client/components/ui/icons.tsx';

/**
 * The play badge over a release's cover: shown on hover and on keyboard focus of its card, and
 * always on touch screens, which have no hover.
 */
export function PlayOverlay() {
  return (
    <span
      aria-hidden
      data-play-overlay
      className="pointer-events-none absolute inset-0 flex items-center justify-center bg-black/40 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 [@media(hover:none)]:opacity-100"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-white/90 text-black shadow-md">
        <Play className="size-6 translate-x-0.5 fill-current" />
      </span>
    </span>
  );
}
