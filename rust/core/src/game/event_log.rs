//! The event log.

use super::changelog::push_event;
use super::Game;
use crate::events::Event;

impl Game {
    #[inline]
    pub(crate) fn emit(&mut self, e: Event) {
        if self.record_events {
            push_event(&mut self.events, e);
        }
    }

    /// The event log in order; clears it.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Empties the log, keeping its buffer.
    pub fn clear_events(&mut self) {
        self.events.clear();
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }
}
