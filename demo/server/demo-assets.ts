import type { AgentAssets } from "./agent/agent-message.ts";

/**
 * The demo agent's asset URLs for a server reachable at `baseUrl`: files of the repository's `public/`
 * folder, which the server serves at `/`, so demo pages never load anything from the internet.
 */
export function demoAssetUrls(baseUrl: string): AgentAssets {
  return {
    serviceAgentAvatarUrl: `${baseUrl}/avatars/agent.svg`,
    liveAgentAvatarUrl: `${baseUrl}/avatars/live-agent.svg`,
    imageUrl: `${baseUrl}/demo-assets/harbour.svg`,
    imagePreviewUrl: `${baseUrl}/demo-assets/harbour-preview.svg`,
    linkPreviewUrl: `${baseUrl}/demo-assets/guide-preview.svg`,
    linkUrl: `${baseUrl}/`,
    bookingPageUrl: `${baseUrl}/booking.html`,
  };
}
