// A "Print" button: any element with data-print opens the browser's print dialog. (No inline
// handlers: the Content-Security-Policy forbids them.)
document.addEventListener("click", function (event) {
  var target = event.target instanceof Element ? event.target.closest("[data-print]") : null;
  if (target) {
    event.preventDefault();
    window.print();
  }
});
