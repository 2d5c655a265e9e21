import { useId } from "react";

/** PackVault's mark: a foil pack with a vault dial. Decorative; the name is text beside it. */
export function Logo({ className = "size-7" }: { className?: string }) {
  // Each instance needs its own gradient id: the first one may sit in a hidden sidebar.
  const foil = `pv-foil-${useId()}`;
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={foil} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="0.5" stopColor="#f0abfc" />
          <stop offset="1" stopColor="#60a5fa" />
        </linearGradient>
      </defs>
      <path d="M6 3h20l-1.5 3 1.5 3v20H6V9l1.5-3z" fill={`url(#${foil})`} />
      <circle cx="16" cy="18" r="6" fill="none" stroke="#1e1b4b" strokeWidth="2" />
      <path d="M16 12v3M16 21v3M10 18h3M19 18h3" stroke="#1e1b4b" strokeWidth="2" />
    </svg>
  );
}
