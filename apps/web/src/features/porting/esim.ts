/**
 * An eSIM activation code (GSMA SGP.22: «LPA:1$SM-DP+ address$matching id») as the phone that installs
 * it needs it: a link the phone opens to install the profile, and the code in pieces that wrap only
 * between its fields, never inside one (a field broken across lines is copied or typed wrong).
 */

/** Apple's eSIM install link (iOS 17.4+): the activation code as it is, in `carddata`. */
export function esimInstallLink(code: string): string {
  // `$` and `:` are allowed in a query; the platform reads the code exactly as the QR code carries it.
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${code.replace(/[^\w:$.-]/g, encodeURIComponent)}`;
}

/** The code's fields, each with its separator (`$`) at its end: the only places a line may break. */
export function esimCodeFields(code: string): string[] {
  return code.match(/[^$]*\$|[^$]+$/g) ?? [code];
}
