// Names what Material's search leaves unnamed: its dialog (screen readers announce "Search").
(function () {
  function name() {
    document.querySelectorAll('.md-search[role="dialog"]').forEach(function (dialog) {
      if (!dialog.hasAttribute("aria-label")) {
        dialog.setAttribute("aria-label", "Search");
      }
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", name);
  } else {
    name();
  }
})();
