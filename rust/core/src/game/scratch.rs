//! Buffers reused across calls so hot paths don't allocate; never part of the state.

/// One part of a damage event after redirection: `amount` from `source` to `recipient`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub assignment: u32,
    pub source: u32,
    pub recipient: u32,
    pub amount: u64,
    /// The effects ordered across the default groups that already applied to this part or to
    /// the event it was redirected from (bit k: the k-th such effect in the list): each
    /// applies to an event at most once (614.5).
    pub chosen: u64,
}

/// What one permanent undergoes in a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fate {
    /// Put into its owner's graveyard (704.5f/i/v): not a destroy.
    Graveyard,
    /// Destroyed (704.5g/h; Berserk: wounds reach lives).
    Destroy,
}

/// What a pass finds before it acts (kept in the scratch between passes).
#[derive(Debug, Default)]
pub(crate) struct Survey {
    /// Each permanent's fate, by ascending id.
    pub fates: Vec<(u32, Fate)>,
    /// (permanent, how many) +1/+1 and -1/-1 counter pairs to remove (704.5q).
    pub annihilate: Vec<(u32, u64)>,
    /// Tokens outside the battlefield (704.5d).
    pub ceasing: Vec<u32>,
    /// Legendary permanents (704.5j).
    pub legends: Vec<u32>,
    /// Objects marked as dealt deathtouch damage (704.5h), cleared after the first pass.
    pub marked: Vec<u32>,
}

impl Survey {
    pub(crate) fn clear(&mut self) {
        self.fates.clear();
        self.annihilate.clear();
        self.ceasing.clear();
        self.legends.clear();
        self.marked.clear();
    }
}

/// Buffers reused across calls so hot paths don't allocate; never part of the state.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    pub pieces: Vec<Piece>,
    /// (source, its controller, life gained) for lifelink, one per source (702.15e).
    pub lifelink: Vec<(u32, u32, u64)>,
    /// What the current state-based-action pass found; boxed so a pass takes it and puts it
    /// back as a pointer (made at a game's first check: a copy's scratch starts empty).
    pub survey: Option<Box<Survey>>,
    /// Permanents a state-based-action check left standing with a fate (indestructible).
    pub staying: Vec<u32>,
    /// The redirections that applied to the damage event being processed (614.5).
    pub applied: Vec<usize>,
    /// The permanents the next SBA pass looks at (those the last pass changed).
    pub recheck: Vec<u32>,
    /// The legendary permanents the caller chose to keep (704.5j), for the current check.
    pub legend_keep: Vec<u32>,
    /// The entity count when the last SBA pass began: the objects it made have ids from here.
    pub pass_start: usize,
    /// The objects cleanup changes (514.2), found before any changes.
    pub cleanup: Vec<u32>,
    /// Proliferate's "chosen twice" marks.
    pub seen: crate::idset::IdSet,
    /// (`short_name_key`, kind + 1) for `lookup_kind_cached`; 0 marks an empty slot.
    pub kind_cache: [((u64, u64, usize), u16); 8],
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
    }

    /// An empty scratch, as `clone`'s, keeping this one's buffers (`Game::clone_from`: a copy
    /// written over a game allocates them again otherwise at its first check).
    fn clone_from(&mut self, _: &Self) {
        self.pieces.clear();
        self.lifelink.clear();
        if let Some(survey) = &mut self.survey {
            survey.clear();
        }
        self.staying.clear();
        self.applied.clear();
        self.recheck.clear();
        self.legend_keep.clear();
        self.pass_start = 0;
        self.cleanup.clear();
        self.seen.reset(0);
        // The kinds are the source game's: the cache of another game's names can't stand.
        self.kind_cache = Default::default();
    }
}
