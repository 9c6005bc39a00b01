/** The file name of a Content-Disposition header; RFC 5987 `filename*` wins over plain `filename`. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /(?:^|;)\s*filename\*\s*=\s*"?([^'";]*)'[^']*'([^;"]*)"?/i.exec(header);
  if (extended) {
    const decoded = decodeExtendedValue(extended[1] ?? '', extended[2] ?? '');
    if (decoded !== undefined) return decoded;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
  if (!plain) return undefined;
  const name = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : (plain[2] ?? '').trim();
  return name === '' ? undefined : name;
}

/** Percent-decodes an RFC 5987 value in its charset; undefined when it cannot be decoded. */
function decodeExtendedValue(charset: string, value: string): string | undefined {
  try {
    if (charset.toLowerCase() === 'iso-8859-1') {
      // Latin-1 maps each byte to the code point of the same number.
      return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    return decodeURIComponent(value);
  } catch {
    // Malformed escapes: fall back to the plain `filename` parameter.
    return undefined;
  }
}
