import { describe, expect, it } from 'vitest';
import { esimCodeFields, esimInstallLink } from './esim';

describe('eSIM code on the phone that installs it', () => {
  const code = 'LPA:1$smdp.esim.example$7F3A-91C2-0B44-E5D8';

  it('links to the platform installer with the code as the QR code carries it', () => {
    const link = new URL(esimInstallLink(code));
    expect(link.origin).toBe('https://esimsetup.apple.com');
    expect(link.pathname).toBe('/esim_qrcode_provisioning');
    expect(link.searchParams.get('carddata')).toBe(code);
    expect(esimInstallLink(code)).toContain('carddata=LPA:1$smdp.esim.example$7F3A-91C2-0B44-E5D8');
  });

  it('escapes what a query cannot carry as it is', () => {
    const odd = 'LPA:1$smdp.example$A B&c=1#x';
    expect(new URL(esimInstallLink(odd)).searchParams.get('carddata')).toBe(odd);
    expect(new URL(esimInstallLink(odd)).searchParams.get('c')).toBeNull();
  });

  it('breaks only after a field separator, and loses nothing', () => {
    const fields = esimCodeFields(code);
    expect(fields).toEqual(['LPA:1$', 'smdp.esim.example$', '7F3A-91C2-0B44-E5D8']);
    expect(fields.join('')).toBe(code);
    expect(esimCodeFields('LPA:1$a$')).toEqual(['LPA:1$', 'a$']);
    expect(esimCodeFields('NOSEPARATOR')).toEqual(['NOSEPARATOR']);
  });
});
