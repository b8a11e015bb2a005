// The standard stub, from a file because the page's policy forbids inline scripts.
window.CapChat =
  window.CapChat ||
  function () {
    (window.CapChat.q = window.CapChat.q || []).push(arguments);
  };
