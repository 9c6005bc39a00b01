/** The operator's generated monogram, served by the API. */
export function OperatorLogo({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  return (
    <img src={src} alt={`Логотип: ${name}`} width={size} height={size} style={{ borderRadius: 8, flex: 'none' }} />
  );
}
