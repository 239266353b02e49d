// Destructive and money actions ask once more: a form with data-confirm submits only when the
// member agrees to its question. (No inline handlers: the Content-Security-Policy forbids them.)
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
  }
}, true);
