// The standard stub, from a file because the page's policy forbids inline scripts.
window.CapChat=window.CapChat||function(){(window.CapChat.q=window.CapChat.q||[]).push(arguments)};
// Demo only: the reference server's Chat API secrets, for the fallback. A real site's proxy adds them.
CapChat("boot", { chatHeaders: { "X-API-KEY": "demo-api-key", "X-TOKEN": "demo-chat-token" } });
