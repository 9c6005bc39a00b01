/** Input masks shared by the forms; set up once at start-up. */
export interface MaskSettings {
  phone: { mask: string; lazy: boolean; placeholderChar: string; definitions: Record<string, RegExp> };
}

export const masks: MaskSettings = {
  // +7 is fixed; the code's first digit must be the 9 of a mobile DEF code. A fixed 9 would swallow
  // the 9 a person types first («916…» became «+7 (991)…»), and a leading 8 or 7 is refused the same way.
  phone: { mask: '+{7} (#00) 000-00-00', lazy: false, placeholderChar: '_', definitions: { '#': /9/ } },
};

let ready = false;

/** Start-up step: masks are plain settings, this only marks them ready (and is the place to load locale-specific ones). */
export function setupInputMasks(): void {
  ready = true;
}

export function masksReady(): boolean {
  return ready;
}
