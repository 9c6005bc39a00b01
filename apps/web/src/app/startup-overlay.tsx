import { LoadingOverlay, MantineProvider } from '@mantine/core';
import { cssVariablesResolver, themeFor } from './theme';

export const LOADING_OVERLAY_SPINNER_SIZE = 80;

/** What a page that came without the server's drawing shows until start-up finishes, in the default green. */
export function StartupOverlay() {
  return (
    <MantineProvider theme={themeFor('green')} cssVariablesResolver={cssVariablesResolver}>
      <LoadingOverlay
        visible
        zIndex={1000}
        overlayProps={{ blur: 2 }}
        loaderProps={{ size: LOADING_OVERLAY_SPINNER_SIZE }}
      />
    </MantineProvider>
  );
}
