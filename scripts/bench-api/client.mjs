// Calls to the product's API from the benchmark: tokens through the dummy sign-in (AUTH_DUMMY_ENABLED), and
// JSON calls that fail loudly, so that a seed step that went wrong stops the run instead of skewing it.

export function apiClient(base) {
  const token = async (email) => {
    const response = await fetch(`${base}/api/auth/dummy?x=${encodeURIComponent(email)}`);
    if (!response.ok) throw new Error(`token for ${email}: ${response.status} ${await response.text()}`);
    return (await response.json()).access_token;
  };
  /** A JSON call as `bearer`; throws with the answer's start on anything but 2xx. */
  const call = async (bearer, method, url, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${(await response.text()).slice(0, 500)}`);
    return response.status === 204 ? undefined : response.json();
  };
  /** Every item of a paged list (`size=100`), page after page. */
  const all = async (bearer, url) => {
    const items = [];
    for (let page = 1; ; page++) {
      const result = await call(bearer, 'GET', `${url}${url.includes('?') ? '&' : '?'}size=100&page=${page}`);
      items.push(...result.items);
      if (page >= result.pages) return items;
    }
  };
  return { base, token, call, all };
}

/** Runs `work` over `items`, `batch` at a time. */
export async function inBatches(items, batch, work) {
  for (let i = 0; i < items.length; i += batch) await Promise.all(items.slice(i, i + batch).map(work));
}
