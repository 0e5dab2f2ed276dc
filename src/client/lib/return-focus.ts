/**
 * Where focus goes when a dialog opened without a Radix trigger closes (Radix returns focus to
 * the trigger only). Returns the handler for `onCloseAutoFocus`.
 */
export function returnFocusTo(target: () => HTMLElement | null | undefined) {
  return (event: Event) => {
    const element = target();
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  };
}

/** The grid tile of a photo, found by the id it carries. */
export function photoTile(photoId: number): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-photo-tile="${photoId}"]`);
}
