import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * sonner's default rich colours fall short of 4.5:1; these token pairs (defined in app.css)
 * reach AA, so a toast on screen during an axe scan does not fail it.
 */
const toastColours = {
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
  "--success-bg": "var(--toast-success-bg)",
  "--success-border": "var(--toast-success-border)",
  "--success-text": "var(--toast-success-text)",
  "--info-bg": "var(--toast-info-bg)",
  "--info-border": "var(--toast-info-border)",
  "--info-text": "var(--toast-info-text)",
  "--warning-bg": "var(--toast-warning-bg)",
  "--warning-border": "var(--toast-warning-border)",
  "--warning-text": "var(--toast-warning-text)",
  "--error-bg": "var(--toast-error-bg)",
  "--error-border": "var(--toast-error-border)",
  "--error-text": "var(--toast-error-text)",
  "--border-radius": "var(--radius)",
} as React.CSSProperties;

function Toaster({ style, ...props }: ToasterProps) {
  return (
    <Sonner
      theme="light"
      className="toaster group"
      richColors
      closeButton
      style={{ ...toastColours, ...style }}
      {...props}
    />
  );
}

export { Toaster };
