import type { AgentAssets } from "./agent/agent-message.ts";

function avatar(background: string, initials: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${background}"/><text x="32" y="40" font-family="sans-serif" font-size="24" font-weight="bold" text-anchor="middle" fill="#ffffff">${initials}</text></svg>`;
}

const harbour = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b3a67"/><stop offset="0.6" stop-color="#f28f3b"/></linearGradient></defs><rect width="640" height="400" fill="url(#sky)"/><circle cx="470" cy="230" r="48" fill="#ffd166"/><rect y="260" width="640" height="140" fill="#1d3557"/><path d="M60 300h140l-20 30h-100z" fill="#e9ecef"/><path d="M128 300v-90l50 80z" fill="#f8f9fa"/><rect x="380" y="190" width="40" height="70" fill="#14213d"/><rect x="430" y="160" width="30" height="100" fill="#14213d"/><rect x="530" y="200" width="60" height="60" fill="#14213d"/></svg>`;

const guide = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="#eef2ff"/><rect x="24" y="24" width="120" height="132" rx="8" fill="#4f46e5"/><rect x="164" y="40" width="132" height="14" rx="4" fill="#a5b4fc"/><rect x="164" y="70" width="110" height="10" rx="4" fill="#c7d2fe"/><rect x="164" y="92" width="120" height="10" rx="4" fill="#c7d2fe"/><rect x="164" y="114" width="90" height="10" rx="4" fill="#c7d2fe"/><text x="84" y="100" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#ffffff">&lt;/&gt;</text></svg>`;

/** The images the server itself serves (path → SVG), so demo pages never load anything from the internet. */
export const demoAssetFiles: Readonly<Record<string, string>> = {
  "/avatars/agent.svg": avatar("#4f46e5", "CA"),
  "/avatars/live-agent.svg": avatar("#0f766e", "A"),
  "/demo-assets/harbour.svg": harbour,
  "/demo-assets/harbour-preview.svg": harbour.replace('width="640" height="400"', 'width="320" height="200"'),
  "/demo-assets/guide-preview.svg": guide,
};

/** The demo agent's asset URLs for a server reachable at `baseUrl`. */
export function demoAssetUrls(baseUrl: string): AgentAssets {
  return {
    serviceAgentAvatarUrl: `${baseUrl}/avatars/agent.svg`,
    liveAgentAvatarUrl: `${baseUrl}/avatars/live-agent.svg`,
    imageUrl: `${baseUrl}/demo-assets/harbour.svg`,
    imagePreviewUrl: `${baseUrl}/demo-assets/harbour-preview.svg`,
    linkPreviewUrl: `${baseUrl}/demo-assets/guide-preview.svg`,
    linkUrl: `${baseUrl}/`,
  };
}
