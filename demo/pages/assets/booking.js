/**
 * The demo booking page: reads the event id of the assistant's link, sends the booking to the demo site's
 * backend once, and says what came of it.
 */
const form = document.getElementById("booking");
const result = document.getElementById("booking-result");
const eventId = new URLSearchParams(location.search).get("event_id");

if (!eventId) {
  result.textContent = "Open this page from the booking link the assistant sends in the chat.";
} else {
  form.hidden = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    result.textContent = "Confirming…";
    const data = new FormData(form);
    try {
      const response = await fetch("/demo-site/bookings", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ event_id: eventId, guests: Number(data.get("guests")), date: data.get("date"), time: data.get("time") }),
      });
      const body = await response.json();
      if (response.ok) {
        form.hidden = true;
        result.textContent = `Your table is booked (${body.reference}). The assistant confirms it in the chat: you can go back there.`;
      } else {
        result.textContent = body.message;
        button.disabled = false;
      }
    } catch {
      result.textContent = "We could not reach the site. Please try again.";
      button.disabled = false;
    }
  });
}
