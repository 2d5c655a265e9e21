/** SVG text that shrinks to `maxWidth` (by an estimate of its width) instead of overflowing. */
export function FittedText({
  children,
  size,
  maxWidth,
  ...attrs
}: React.SVGProps<SVGTextElement> & { children: string; size: number; maxWidth: number }) {
  const squeeze = children.length * size * 0.56 > maxWidth;
  return (
    <text
      fontSize={size}
      {...(squeeze ? { textLength: maxWidth, lengthAdjust: "spacingAndGlyphs" } : {})}
      {...attrs}
    >
      {children}
    </text>
  );
}
