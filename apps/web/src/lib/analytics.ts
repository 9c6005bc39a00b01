/** Start-up step: loads a web-analytics script only when the build names one (VITE_ANALYTICS_SRC); otherwise nothing. */
export function loadAnalytics(): void {
  const src = import.meta.env.VITE_ANALYTICS_SRC as string | undefined;
  if (!src) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}
