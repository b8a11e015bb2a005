/**
 * Calls the site's companion with the page's cookies (which bind calls and reservations to this visitor):
 * a GET, or a POST of `body` as JSON. Resolves with the answer's status (0 when none came) and its JSON
 * body (null when it has none); never rejects.
 */
export async function callCompanion(url: string, body?: object): Promise<{ status: number; body: any }> {
  try {
    const response = await fetch(url, {
      credentials: "include",
      ...(body && { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}
