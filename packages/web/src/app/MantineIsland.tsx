// The few Mantine stylesheets a lazy widget (the banners' container) needs on a plain public
// page: the CSS variables and the button base. No baseline or global sheet, so the widget never
// restyles the page around it (the shell's CSS sets the base).
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/UnstyledButton.css';

import { MantineContext, MantineProvider } from '@mantine/core';
import { type ReactNode, useContext } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * A Mantine provider for a widget loaded after hydration on a page outside the Mantine layout
 * (decision 007: those pages paint without Mantine). Under the Mantine layout it adds nothing.
 */
export function MantineIsland({ children }: { children: ReactNode }) {
  if (useContext(MantineContext)) return <>{children}</>;
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
