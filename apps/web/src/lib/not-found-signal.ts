import { createContext, useContext } from 'react';

/**
 * On the server: told when the page drawn is the not-found page (an unknown address, a switched-off
 * feature, the back office for someone without a role), so the answer's status is 404, not 200.
 */
export const NotFoundSignal = createContext<(() => void) | undefined>(undefined);

/** Called by the not-found page while it is drawn. */
export function useNotFoundSignal(): void {
  useContext(NotFoundSignal)?.();
}
