// Scanning a member's QR code at the door, where the browser has BarcodeDetector: the code read
// fills the check-in form and sends it. Elsewhere the page keeps its typed-code form only.
(function () {
  "use strict";

  function start(box) {
    var form = document.querySelector("form[data-checkin]");
    var input = form && form.querySelector("input[name=code]");
    var video = box.querySelector("[data-scan-video]");
    var status = box.querySelector("[data-scan-status]");
    var button = box.querySelector("[data-scan-start]");
    if (!form || !input || !video || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      return;
    }
    box.hidden = false;
    button.addEventListener("click", function () {
      var detector = new window.BarcodeDetector({ formats: ["qr_code"] });
      navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })
        .then(function (stream) {
          video.srcObject = stream;
          video.hidden = false;
          button.hidden = true;
          status.textContent = status.dataset.textLooking;
          status.hidden = false;
          return video.play().then(function () { look(detector, stream); });
        })
        .catch(function () {
          status.textContent = status.dataset.textDenied;
          status.hidden = false;
        });
    });

    function look(detector, stream) {
      detector.detect(video).then(function (codes) {
        var found = codes.find(function (c) { return c.rawValue; });
        if (found) {
          stream.getTracks().forEach(function (track) { track.stop(); });
          input.value = found.rawValue.trim();
          form.submit();
          return;
        }
        window.requestAnimationFrame(function () { look(detector, stream); });
      }).catch(function () {
        window.setTimeout(function () { look(detector, stream); }, 300);
      });
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (!("BarcodeDetector" in window)) {
      return;
    }
    var box = document.querySelector("[data-scan]");
    if (!box) {
      return;
    }
    window.BarcodeDetector.getSupportedFormats().then(function (formats) {
      if (formats.indexOf("qr_code") !== -1) {
        start(box);
      }
    }).catch(function () {});
  });
})();
