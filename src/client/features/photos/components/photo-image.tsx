import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { clsx } from 'clsx';
import { ImageOff } from '#client/components/ui/icons.tsx';
import { displayImagePath, photoSrcSet, thumbnailPath, TILE_SIZES, tileSrcSet } from '#contract/image-urls.ts';
import type { Photo } from '#contract/photos.ts';
import { placeholderColor, placeholderDataUrl, PREVIEW_WAIT_MS } from '#client/features/photos/lib/placeholder.ts';
import { whenIdle } from '#client/lib/idle.ts';

type PhotoImageSource = Pick<
  Photo,
  'filename' | 'thumbnail' | 'variants' | 'width' | 'height' | 'version' | 'placeholder' | 'filesBase'
>;

export interface PhotoImageProps {
  photo: PhotoImageSource;
  alt: string;
  /** `tile`: the square crop of a grid; `full`: the whole picture. */
  layout: 'tile' | 'full';
  /** The rendered width per layout, for the browser's choice in the srcset. */
  sizes?: string;
  /** Above the fold: fetched at once and first, instead of when scrolled near. */
  priority?: boolean;
  className?: string;
  /** Sizing of the box; the preview's background is added to it. */
  style?: CSSProperties;
}

type LoadState = 'loading' | 'loaded' | 'failed';

/**
 * A photo that never moves the page (its box has the picture's size before a byte arrives), shows
 * a blurred ThumbHash preview while it loads, and turns into a dimmed placeholder when it fails.
 */
export function PhotoImage(props: PhotoImageProps) {
  // A new picture starts over: loading, with its own preview. So does one whose copies moved
  // between stores (a gallery made unlisted): a load that failed at the old address is not final.
  const { filesBase, filename, version } = props.photo;
  return <PhotoImageElement key={`${filesBase ?? ''}/${filename}?v=${version}`} {...props} />;
}

function PhotoImageElement({ photo, alt, layout, sizes, priority = false, className, style }: PhotoImageProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<LoadState>('loading');
  // Until the image arrives its box shows the picture's average colour at once, then the blurred
  // preview, decoded when the browser is idle and only for images on or near the screen.
  const [nearScreen, setNearScreen] = useState(priority);
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    const image = imageRef.current;
    if (!image) return;
    // Settled before the script ran (an image of the server-rendered page): loaded, or broken.
    if (image.complete) {
      setState(image.naturalWidth > 0 ? 'loaded' : 'failed');
      return;
    }
    if (priority || !photo.placeholder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNearScreen(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px' },
    );
    observer.observe(image);
    return () => observer.disconnect();
  }, [priority, photo.placeholder]);

  useEffect(() => {
    const hash = photo.placeholder;
    if (!hash || state !== 'loading' || !nearScreen) return;
    let current = true;
    const cancel = whenIdle(
      () => {
        void placeholderDataUrl(hash).then((url) => {
          if (current && url) setPreview(url);
        });
      },
      PREVIEW_WAIT_MS,
      50,
    );
    return () => {
      current = false;
      cancel();
    };
  }, [photo.placeholder, state, nearScreen]);

  const square = layout === 'tile';
  const width = square ? Math.min(photo.width, photo.height) : photo.width;
  const height = square ? width : photo.height;

  if (state === 'failed') {
    return (
      <div
        role="img"
        aria-label={alt}
        data-image-state="failed"
        // flex! whatever display a caller gives the image (the grid's tiles make it a block).
        className={clsx('flex! items-center justify-center bg-muted text-muted-foreground opacity-50', className)}
        style={{ ...style, aspectRatio: `${width} / ${height}` }}
      >
        <ImageOff className="size-1/4 max-h-16 max-w-16" aria-hidden />
      </div>
    );
  }

  const previewStyle: CSSProperties | undefined =
    state === 'loading'
      ? {
          backgroundColor: placeholderColor(photo.placeholder),
          ...(preview ? { backgroundImage: `url("${preview}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : {}),
        }
      : undefined;

  return (
    <img
      ref={imageRef}
      src={square ? thumbnailPath(photo) : displayImagePath(photo)}
      srcSet={square ? tileSrcSet(photo) : photoSrcSet(photo)}
      sizes={sizes ?? (square ? TILE_SIZES : '100vw')}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      data-image-state={state}
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
      className={clsx(square && 'aspect-square object-cover', className)}
      style={{ ...style, ...previewStyle }}
    />
  );
}
