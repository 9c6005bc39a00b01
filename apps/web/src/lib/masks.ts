/** Input masks shared by the forms; set up once at start-up. */
export interface MaskSettings {
  phone: { mask: string; lazy: boolean; placeholderChar: string };
}

export const masks: MaskSettings = {
  // +7 is fixed and every digit of the code is taken as typed: a mask that took only a 9 there dropped the
  // digits of a landline until a 9 came («8 495 123-45-67» became «+7 (951) 234-56-7_»).
  phone: { mask: '+{7} (000) 000-00-00', lazy: false, placeholderChar: '_' },
};

/** What imask hands a `prepareChar` besides the character: the mask's state now, and how the text came. */
interface MaskedState {
  unmaskedValue: string;
  value: string;
}

/**
 * The phone mask's reading of each typed character. People start a number with the 8 or 7 they dial
 * before it (8 916 …, +7 916 …); the mask already shows +7, so the first such digit typed into an empty
 * code is dropped — once: «8 800 …» keeps its second 8. A value set by the page (a pasted number, the
 * order's number) is not typed (`raw` is unset) and is taken as it is. `reset` is for an emptied field.
 */
export function phonePrefixReader(): {
  prepareChar: (chars: string, masked: MaskedState, flags: { raw?: boolean; tail?: boolean }) => string;
  reset: () => void;
} {
  let dropped = false;
  return {
    prepareChar(chars, masked, flags) {
      const codeEmpty = masked.unmaskedValue === '7' && masked.value.startsWith('+7 (');
      if (!dropped && flags.raw && !flags.tail && codeEmpty && (chars === '8' || chars === '7')) {
        dropped = true;
        return '';
      }
      return chars;
    },
    reset() {
      dropped = false;
    },
  };
}

let ready = false;

/** Start-up step: masks are plain settings, this only marks them ready (and is the place to load locale-specific ones). */
export function setupInputMasks(): void {
  ready = true;
}

export function masksReady(): boolean {
  return ready;
}
