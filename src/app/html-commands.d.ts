/**
 * Invoker commands (HTML: `commandfor` + `command` on a button) are not in React's types yet.
 * React passes lowercase attributes through as they are. Chromium 135+, Firefox 144+ and
 * Safari 26.2+ carry them out without script: a dialog opens or closes before hydration.
 */
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: 'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover';
  }
}
