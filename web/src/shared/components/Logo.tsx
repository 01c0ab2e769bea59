/** The brand mark: a heart inside a speech bubble, on the brand gradient; the site's name beside it. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" className="logo-mark">
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff5c8a" />
          <stop offset="1" stopColor="#7b2fa8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#logo-gradient)" />
      <path
        d="M16 6.5c-5.8 0-10 3.9-10 8.6 0 2.6 1.3 4.9 3.4 6.5l-.9 3.9 4.3-2.2c1 .3 2.1.4 3.2.4 5.8 0 10-3.9 10-8.6S21.8 6.5 16 6.5Z"
        fill="#fff"
      />
      <path
        d="M16 19.6s-4.6-2.7-4.6-5.6a2.3 2.3 0 0 1 4.6-.6 2.3 2.3 0 0 1 4.6.6c0 2.9-4.6 5.6-4.6 5.6Z"
        fill="#e0457b"
      />
    </svg>
  );
}
