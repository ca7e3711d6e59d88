/**
 * The auth layout's decorative handshake (spec section 2), drawn inline so the page loads nothing from outside
 * and stays within the content security policy. Purely decorative: hidden from assistive technology.
 */
export function HandshakeIllustration() {
  return (
    <svg viewBox="0 0 480 400" width="100%" role="presentation" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hs-sleeve-left" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#9a4a85" />
          <stop offset="1" stopColor="#6c2f5e" />
        </linearGradient>
        <linearGradient id="hs-sleeve-right" x1="1" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1f8a84" />
          <stop offset="1" stopColor="#0b5b5b" />
        </linearGradient>
        <clipPath id="hs-frame">
          <circle cx="240" cy="200" r="170" />
        </clipPath>
      </defs>
      <circle cx="240" cy="200" r="170" fill="#ffffff" opacity="0.55" />
      <circle cx="240" cy="200" r="124" fill="#ffffff" opacity="0.6" />
      <circle cx="92" cy="84" r="10" fill="#dbb7d0" />
      <circle cx="400" cy="300" r="14" fill="#a6d8d4" />
      <circle cx="402" cy="92" r="6" fill="#c78fb6" />
      <circle cx="70" cy="312" r="6" fill="#76c3bd" />
      {/* heart above the hands */}
      <path
        d="M240 138s-34-20.5-34-45.5a19 19 0 0 1 34-11.6 19 19 0 0 1 34 11.6c0 25-34 45.5-34 45.5z"
        fill="#b56ea0"
      />
      <g clipPath="url(#hs-frame)">
        {/* left sleeve and cuff */}
        <path d="M9 262 L139 212 L161 268 L31 318 Z" fill="url(#hs-sleeve-left)" />
        <path d="M116 221 L141 211 L163 267 L138 277 Z" fill="#f8eff5" />
        {/* right sleeve and cuff */}
        <path d="M471 262 L341 212 L319 268 L449 318 Z" fill="url(#hs-sleeve-right)" />
        <path d="M364 221 L339 211 L317 267 L342 277 Z" fill="#e9f6f5" />
        {/* left hand: palm reaching right, thumb over the top */}
        <path
          d="M140 214 C170 190 214 184 256 192 L300 200 C314 203 316 222 301 225 L262 224
           C278 236 282 262 264 276 C240 292 196 290 168 268 Z"
          fill="#f0c4a1"
        />
        {/* right hand: fingers wrapping over the left hand */}
        <path
          d="M340 214 C318 200 290 196 262 204 C238 211 222 222 214 236 C208 247 218 256 230 252
           L262 242 C250 256 252 272 268 282 C292 296 322 286 344 268 Z"
          fill="#b97b55"
        />
        <g stroke="#9a6342" strokeWidth="3" strokeLinecap="round" fill="none" opacity="0.7">
          <path d="M226 248 C236 244 250 240 262 238" />
          <path d="M232 264 C244 262 256 262 266 262" />
          <path d="M244 280 C254 281 264 281 274 280" />
        </g>
        {/* left thumb resting on top */}
        <path
          d="M222 206 C240 196 266 196 282 204 C290 208 286 218 276 218 L236 220 C224 220 216 212 222 206 Z"
          fill="#e8b48d"
        />
      </g>
    </svg>
  );
}
