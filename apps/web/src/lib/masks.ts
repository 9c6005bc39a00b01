/** Input masks shared by the forms; set up once at start-up. */
export interface MaskSettings {
  phone: { mask: string; lazy: boolean; placeholderChar: string };
}

export const masks: MaskSettings = {
  // +7 and the 9 of a mobile DEF code are fixed; the rest are digits.
  phone: { mask: '+{7} (900) 000-00-00', lazy: false, placeholderChar: '_' },
};

let ready = false;

/** Start-up step: masks are plain settings, this only marks them ready (and is the place to load locale-specific ones). */
export function setupInputMasks(): void {
  ready = true;
}

export function masksReady(): boolean {
  return ready;
}
