package svc.http.system;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * A small self-contained explorer of {@code /openapi.json}: lists every operation and lets the
 * user send a request with a token. No external scripts (the machine may be offline).
 */
final class DocsPage {

    private DocsPage() {}

    /**
     * The page's own Content-Security-Policy: the API's HTML policy allows no inline code, so
     * this page's one inline script and one inline style are allowed by their SHA-256 and nothing
     * else inline is.
     */
    static String policy() {
        return "default-src 'self'; script-src 'sha256-" + hash("script") + "'; style-src 'sha256-" + hash("style")
                + "'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none';"
                + " frame-ancestors 'none'";
    }

    /** The Base64 SHA-256 of the text inside the page's first {@code <tag>} element, as CSP hashes it. */
    private static String hash(String tag) {
        int start = HTML.indexOf("<" + tag + ">") + tag.length() + 2;
        int end = HTML.indexOf("</" + tag + ">", start);
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(HTML.substring(start, end).getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static final String HTML = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>svc API explorer</title>
      <style>body{font-family:sans-serif;margin:2em;max-width:70em}code{background:#eee;padding:0 .2em}
      .op{border:1px solid #ccc;margin:.5em 0;padding:.5em}.m{font-weight:bold;display:inline-block;width:5em}
      pre{background:#f6f6f6;padding:.5em;overflow:auto}</style></head>
      <body><h1>svc API explorer</h1>
      <p>Token: <input id="token" size="60" placeholder="paste a token from POST /api/v1/auth/login"></p>
      <div id="ops">loading /openapi.json ...</div>
      <script>
      fetch('/openapi.json').then(r => r.json()).then(doc => {
        const ops = document.getElementById('ops'); ops.innerHTML = '';
        for (const [path, item] of Object.entries(doc.paths)) {
          for (const [method, op] of Object.entries(item)) {
            const div = document.createElement('div'); div.className = 'op';
            div.innerHTML = '<span class="m">' + method.toUpperCase() + '</span><code>' + path + '</code> '
              + (op.summary || '');
            const url = document.createElement('input'); url.size = 60; url.value = path;
            const body = document.createElement('textarea');
            body.rows = 2; body.cols = 60; body.placeholder = 'JSON body';
            const out = document.createElement('pre');
            const go = document.createElement('button'); go.textContent = 'Send';
            go.onclick = () => {
              const headers = {'Content-Type': 'application/json'}; const t = document.getElementById('token').value;
              if (t) headers['Authorization'] = 'Bearer ' + t;
              const withBody = method !== 'get' && method !== 'delete';
              const init = {method: method.toUpperCase(), headers};
              if (withBody && body.value) init.body = body.value;
              fetch(url.value, init)
                .then(async r => out.textContent = r.status + '\\n' + await r.text());
            };
            div.append(document.createElement('br'), url, ' ', go, document.createElement('br'), body, out);
            ops.append(div);
          }
        }
      });
      </script></body></html>
      """;
}
