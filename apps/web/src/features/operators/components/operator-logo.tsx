/**
 * The operator's generated monogram, served by the API. An SVG image is a document the browser builds
 * and paints on its main thread (6–8 ms each as the region's tariffs were first shown, ten cards): those
 * far below the screen wait until scrolled near.
 */
export function OperatorLogo({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  return (
    <img
      src={src}
      alt={`Логотип: ${name}`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      style={{ borderRadius: 8, flex: 'none' }}
    />
  );
}
