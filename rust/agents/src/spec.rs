//! The registry of the built-in agents: each agent's name and options (what values an option
//! takes, its default and a line of documentation), and the one function, [`configure`], that
//! turns a name and options into checked settings, [`AgentConfig`]. Options come written as text
//! ([`parse`]: `"mcts:simulations=200,exploration=1.4"`) or one by one (the Python classes'
//! keyword arguments); either way they go through [`configure`], so a bad setting is refused with
//! the same error however it is given, and every error names the option and lists the valid ones
//! with their ranges.

use std::fmt;

use crate::any::AnyAgent;
use crate::game::SearchGame;
use crate::greedy::GreedyAgent;
use crate::mcts::MctsAgent;
use crate::random::RandomAgent;
use crate::search::{Algorithm, EvaluatorChoice, MctsConfig};

/// The values an option takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Domain {
    /// An integer from `min` to `max`; a value below zero or above `max` doesn't fit the
    /// setting at all ([`ErrorKind::TooLarge`]), one from zero to below `min` is refused
    /// ([`ErrorKind::OutOfRange`]).
    Int { min: u64, max: u64 },
    /// A finite number of at least `min` (integers accepted).
    Float { min: f64 },
    /// One of these names.
    Choice(&'static [&'static str]),
}

impl fmt::Display for Domain {
    /// What the option takes, as error messages and the command line's help say it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Domain::Int { min, max } => write!(f, "an integer from {min} to {max}"),
            Domain::Float { min } => write!(f, "a finite number >= {min}"),
            Domain::Choice(names) => write!(f, "one of {}", names.join(", ")),
        }
    }
}

/// An option's default value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DefaultValue {
    Int(u64),
    Float(f64),
    Name(&'static str),
}

impl fmt::Display for DefaultValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DefaultValue::Int(v) => write!(f, "{v}"),
            DefaultValue::Float(v) => write!(f, "{v:?}"),
            DefaultValue::Name(v) => f.write_str(v),
        }
    }
}

/// One option of an agent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OptionInfo {
    pub name: &'static str,
    pub domain: Domain,
    pub default: DefaultValue,
    /// What it sets, in a line.
    pub doc: &'static str,
}

impl fmt::Display for OptionInfo {
    /// `simulations (an integer from 1 to 4294967295, default 1000)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}, default {})",
            self.name, self.domain, self.default
        )
    }
}

/// A built-in agent: its name, what it does and its options.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgentInfo {
    pub name: &'static str,
    /// What it does, in a line.
    pub doc: &'static str,
    pub options: &'static [OptionInfo],
}

impl AgentInfo {
    /// The option called `name`.
    pub fn option(&self, name: &str) -> Option<&'static OptionInfo> {
        self.options.iter().find(|o| o.name == name)
    }

    /// Its options as error messages list them: `seed (an integer from 0 to ..., default 0)`.
    pub fn options_text(&self) -> String {
        let list: Vec<String> = self.options.iter().map(|o| o.to_string()).collect();
        list.join(", ")
    }
}

const SEED: OptionInfo = OptionInfo {
    name: "seed",
    domain: Domain::Int {
        min: 0,
        max: u64::MAX,
    },
    default: DefaultValue::Int(0),
    doc: "the seed of its random stream (mixed with each game's seed)",
};

const MCTS: MctsConfig = MctsConfig::DEFAULT;

const MCTS_OPTIONS: [OptionInfo; 11] = [
    OptionInfo {
        name: "simulations",
        domain: Domain::Int {
            min: 1,
            max: u32::MAX as u64,
        },
        default: DefaultValue::Int(MCTS.simulations as u64),
        doc: "simulations per decision, over all the determinizations",
    },
    OptionInfo {
        name: "exploration",
        domain: Domain::Float { min: 0.0 },
        default: DefaultValue::Float(MCTS.exploration),
        doc: "the UCB1 exploration constant",
    },
    OptionInfo {
        name: "determinizations",
        domain: Domain::Int {
            min: 1,
            max: u32::MAX as u64,
        },
        default: DefaultValue::Int(MCTS.determinizations as u64),
        doc: "independent determinized searches per decision (at most one per simulation \
              runs; unused by ismcts)",
    },
    OptionInfo {
        name: "rollout_depth",
        domain: Domain::Int {
            min: 0,
            max: u32::MAX as u64,
        },
        default: DefaultValue::Int(MCTS.rollout_depth as u64),
        doc: "the most random actions a simulation plays after the tree before it evaluates",
    },
    OptionInfo {
        default: DefaultValue::Int(MCTS.seed),
        ..SEED
    },
    OptionInfo {
        name: "algorithm",
        domain: Domain::Choice(&Algorithm::NAMES),
        default: DefaultValue::Name(Algorithm::NAMES[MCTS.algorithm as usize]),
        doc: "determinized trees, or information-set MCTS (ismcts)",
    },
    OptionInfo {
        name: "evaluator",
        domain: Domain::Choice(&EvaluatorChoice::NAMES),
        default: DefaultValue::Name(EvaluatorChoice::NAMES[MCTS.evaluator as usize]),
        doc: "what scores the leaves: random rollouts (UCB1), or the evaluation with uniform \
              priors (PUCT)",
    },
    OptionInfo {
        name: "c_puct",
        domain: Domain::Float { min: 0.0 },
        default: DefaultValue::Float(MCTS.c_puct),
        doc: "PUCT's exploration constant at few visits (with an evaluator)",
    },
    OptionInfo {
        name: "dirichlet_alpha",
        domain: Domain::Float { min: 0.0 },
        default: DefaultValue::Float(MCTS.dirichlet_alpha),
        doc: "the concentration of the Dirichlet noise in the root's priors (0: none)",
    },
    OptionInfo {
        name: "batch_size",
        domain: Domain::Int {
            min: 1,
            max: MAX_BATCH as u64,
        },
        default: DefaultValue::Int(MCTS.batch_size as u64),
        doc: "the most leaves in one call of an evaluator object",
    },
    OptionInfo {
        name: "parallel_leaves",
        domain: Domain::Int {
            min: 1,
            max: MAX_PARALLEL_LEAVES as u64,
        },
        default: DefaultValue::Int(MCTS.parallel_leaves as u64),
        doc: "leaves one tree sends to an evaluator object at once, by virtual loss (1: the \
              sequential search)",
    },
];

/// The largest `batch_size`: a batch's rows are memory the evaluator is lent.
pub const MAX_BATCH: u32 = 1 << 16;
/// The largest `parallel_leaves`.
pub const MAX_PARALLEL_LEAVES: u32 = 1 << 10;

/// Every built-in agent, by name.
pub const AGENTS: [AgentInfo; 3] = [
    AgentInfo {
        name: "random",
        doc: "a uniformly random legal action",
        options: &[SEED],
    },
    AgentInfo {
        name: "greedy",
        doc: "one ply: the action whose successor evaluates best for it (ties at random)",
        options: &[SEED],
    },
    AgentInfo {
        name: "mcts",
        doc: "UCT over determinized states, or information-set MCTS (algorithm=ismcts)",
        options: &MCTS_OPTIONS,
    },
];

/// The agent called `name`.
pub fn agent(name: &str) -> Option<&'static AgentInfo> {
    AGENTS.iter().find(|a| a.name == name)
}

/// A value given for an option, as read from text or from a Python object.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An integer (one beyond the range of `i128` is held as `i128::MAX` or `i128::MIN`: out
    /// of every option's range either way).
    Int(i128),
    Float(f64),
    Text(String),
    Bool(bool),
    /// Some other object, by the name of its type (always the wrong type).
    Object(String),
}

impl fmt::Display for Value {
    /// The value as an error message quotes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i128::MAX) => f.write_str("an integer of 2**127 or more"),
            Value::Int(i128::MIN) => f.write_str("an integer of -2**127 or less"),
            Value::Int(v) => write!(f, "{v}"),
            Value::Float(v) => write!(f, "{v:?}"),
            Value::Text(v) => write!(f, "{v:?}"),
            Value::Bool(v) => write!(f, "{} (a bool)", if *v { "True" } else { "False" }),
            Value::Object(t) => write!(f, "an object of type {t}"),
        }
    }
}

impl Value {
    /// The value written `text` in an agent name: an integer, else a number, else the text.
    pub fn from_text(text: &str) -> Value {
        let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return Value::Int(text.parse().unwrap_or(if text.starts_with('-') {
                i128::MIN
            } else {
                i128::MAX
            }));
        }
        match text.parse::<f64>() {
            Ok(v) => Value::Float(v),
            Err(_) => Value::Text(text.to_string()),
        }
    }
}

/// What was wrong with an agent's name or options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// No built-in agent has that name.
    UnknownAgent,
    /// An option written without `key=value`.
    Syntax,
    /// The agent has no option of that name.
    UnknownOption,
    /// The same option given twice.
    Repeated,
    /// A value of the wrong type (text for a number, a number for a name, a bool).
    WrongType,
    /// An integer that fits the setting but is below its least value, a number that isn't
    /// finite or is too small, or a name that isn't one of the choices.
    OutOfRange,
    /// An integer that doesn't fit the setting at all (negative, or above its largest value).
    TooLarge,
}

/// An agent's name or options refused, with a message naming what and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    pub kind: ErrorKind,
    pub message: String,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SpecError {}

fn error(kind: ErrorKind, message: String) -> SpecError {
    SpecError { kind, message }
}

/// An agent's checked settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AgentConfig {
    Random { seed: u64 },
    Greedy { seed: u64 },
    Mcts(MctsConfig),
}

impl AgentConfig {
    /// The settings of agent `info` with every option at its default.
    fn defaults(info: &AgentInfo) -> AgentConfig {
        match info.name {
            "random" => AgentConfig::Random { seed: 0 },
            "greedy" => AgentConfig::Greedy { seed: 0 },
            _ => AgentConfig::Mcts(MctsConfig::DEFAULT),
        }
    }

    /// The agent's name.
    pub fn name(&self) -> &'static str {
        match self {
            AgentConfig::Random { .. } => "random",
            AgentConfig::Greedy { .. } => "greedy",
            AgentConfig::Mcts(_) => "mcts",
        }
    }

    /// A fresh agent with these settings.
    pub fn build<G: SearchGame>(&self) -> AnyAgent<G> {
        match *self {
            AgentConfig::Random { seed } => AnyAgent::Random(RandomAgent::new(seed)),
            AgentConfig::Greedy { seed } => AnyAgent::Greedy(GreedyAgent::new(seed)),
            AgentConfig::Mcts(config) => AnyAgent::Mcts(MctsAgent::new(config)),
        }
    }

    /// Sets `option` (checked) to `setting`.
    fn set(&mut self, option: &str, setting: Setting) {
        match (self, setting) {
            (AgentConfig::Random { seed } | AgentConfig::Greedy { seed }, Setting::Int(v)) => {
                *seed = v
            }
            (AgentConfig::Mcts(c), Setting::Int(v)) => match option {
                "seed" => c.seed = v,
                // The domain keeps the others within u32.
                "simulations" => c.simulations = v as u32,
                "determinizations" => c.determinizations = v as u32,
                "batch_size" => c.batch_size = v as u32,
                "parallel_leaves" => c.parallel_leaves = v as u32,
                _ => c.rollout_depth = v as u32,
            },
            (AgentConfig::Mcts(c), Setting::Float(v)) => match option {
                "c_puct" => c.c_puct = v,
                "dirichlet_alpha" => c.dirichlet_alpha = v,
                _ => c.exploration = v,
            },
            (AgentConfig::Mcts(c), Setting::Choice(i)) => match option {
                "evaluator" => c.evaluator = EvaluatorChoice::ALL[i],
                _ => c.algorithm = Algorithm::ALL[i],
            },
            _ => unreachable!("every option's domain matches its setting"),
        }
    }
}

/// A checked value.
#[derive(Clone, Copy, Debug)]
enum Setting {
    Int(u64),
    Float(f64),
    Choice(usize),
}

/// `value` checked against `option` of `agent`.
fn check(agent: &AgentInfo, option: &OptionInfo, value: &Value) -> Result<Setting, SpecError> {
    let refuse = |kind| {
        error(
            kind,
            format!(
                "the {} option {} must be {}, got {value}",
                agent.name, option.name, option.domain
            ),
        )
    };
    match (option.domain, value) {
        (Domain::Int { min, max }, Value::Int(v)) => {
            if *v < 0 || *v > i128::from(max) {
                Err(refuse(ErrorKind::TooLarge))
            } else if *v < i128::from(min) {
                Err(refuse(ErrorKind::OutOfRange))
            } else {
                Ok(Setting::Int(*v as u64))
            }
        }
        (Domain::Float { min }, Value::Int(v)) => {
            let v = *v as f64;
            if v >= min && v.is_finite() {
                Ok(Setting::Float(v))
            } else {
                Err(refuse(ErrorKind::OutOfRange))
            }
        }
        (Domain::Float { min }, Value::Float(v)) => {
            if v.is_finite() && *v >= min {
                Ok(Setting::Float(*v))
            } else {
                Err(refuse(ErrorKind::OutOfRange))
            }
        }
        (Domain::Choice(names), Value::Text(v)) => match names.iter().position(|n| n == v) {
            Some(i) => Ok(Setting::Choice(i)),
            None => Err(refuse(ErrorKind::OutOfRange)),
        },
        _ => Err(refuse(ErrorKind::WrongType)),
    }
}

/// An agent's name and options, checked: the one place where they are.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentSpec {
    pub agent: &'static AgentInfo,
    /// The options as given (in order), each checked.
    pub options: Vec<(&'static str, Value)>,
    /// The settings they make.
    pub config: AgentConfig,
}

/// Checks the options of the agent called `name` and makes its settings (the options not
/// given keep their defaults).
pub fn configure<K: AsRef<str>>(
    name: &str,
    options: impl IntoIterator<Item = (K, Value)>,
) -> Result<AgentSpec, SpecError> {
    let Some(info) = agent(name) else {
        let names: Vec<&str> = AGENTS.iter().map(|a| a.name).collect();
        return Err(error(
            ErrorKind::UnknownAgent,
            format!(
                "unknown agent {name:?}; expected one of {}",
                names.join(", ")
            ),
        ));
    };
    let mut config = AgentConfig::defaults(info);
    let mut given: Vec<(&'static str, Value)> = Vec::new();
    for (key, value) in options {
        let key = key.as_ref();
        let Some(option) = info.option(key) else {
            return Err(error(
                ErrorKind::UnknownOption,
                format!(
                    "unknown option {key:?} for the {} agent; its options: {}",
                    info.name,
                    info.options_text()
                ),
            ));
        };
        if given.iter().any(|(k, _)| *k == option.name) {
            return Err(error(
                ErrorKind::Repeated,
                format!("the {} option {} is given twice", info.name, option.name),
            ));
        }
        config.set(option.name, check(info, option, &value)?);
        given.push((option.name, value));
    }
    Ok(AgentSpec {
        agent: info,
        options: given,
        config,
    })
}

/// An agent written as text: a name, then options after a colon, `key=value` each, separated
/// by `:` or `,` (`"mcts:simulations=200,exploration=1.4"`); the name is read without case,
/// and spaces around the parts are ignored.
pub fn parse(text: &str) -> Result<AgentSpec, SpecError> {
    let text = text.trim();
    let (name, rest) = text.split_once(':').unwrap_or((text, ""));
    let mut options = Vec::new();
    for part in rest.split([',', ':']) {
        if part.trim().is_empty() {
            continue;
        }
        match part.split_once('=') {
            Some((key, value)) if !key.trim().is_empty() => {
                options.push((key.trim(), Value::from_text(value.trim())))
            }
            _ => {
                return Err(error(
                    ErrorKind::Syntax,
                    format!("agent option {part:?} in {text:?} is not key=value"),
                ))
            }
        }
    }
    configure(&name.trim().to_lowercase(), options)
}

/// Splits a list of agents written with commas between them, where a comma followed by
/// `key=value` continues the agent before it: `"mcts:simulations=200,exploration=2,random"`
/// is two agents, `"mcts:simulations=200,exploration=2"` and `"random"` (each trimmed).
pub fn split_agents(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in text.split(',') {
        let continues = part
            .split_once('=')
            .is_some_and(|(key, _)| !key.contains(':'));
        match out.last_mut() {
            Some(last) if continues => {
                last.push(',');
                last.push_str(part);
            }
            _ => out.push(part.to_string()),
        }
    }
    out.iter().map(|p| p.trim().to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_options_parse_to_settings() {
        let s = parse(" MCTS : simulations=200, exploration=1.5:algorithm=ismcts").unwrap();
        assert_eq!(s.agent.name, "mcts");
        assert_eq!(
            s.options,
            vec![
                ("simulations", Value::Int(200)),
                ("exploration", Value::Float(1.5)),
                ("algorithm", Value::Text("ismcts".into())),
            ]
        );
        let AgentConfig::Mcts(c) = s.config else {
            panic!("not mcts: {:?}", s.config)
        };
        assert_eq!(
            (c.simulations, c.exploration, c.algorithm),
            (200, 1.5, Algorithm::InformationSet)
        );
        assert_eq!(c.determinizations, MctsConfig::DEFAULT.determinizations);
        assert_eq!(
            parse("random:seed=7").unwrap().config,
            AgentConfig::Random { seed: 7 }
        );
        assert_eq!(
            parse("greedy").unwrap().config,
            AgentConfig::Greedy { seed: 0 }
        );
    }

    #[test]
    fn the_defaults_are_the_settings_defaults() {
        let mcts = agent("mcts").unwrap();
        assert_eq!(
            mcts.option("simulations").unwrap().default,
            DefaultValue::Int(1000)
        );
        assert_eq!(
            configure::<&str>("mcts", []).unwrap().config,
            AgentConfig::Mcts(MctsConfig::default())
        );
    }

    #[test]
    fn bad_options_are_refused_naming_the_option_and_the_valid_ones() {
        let kind = |text: &str| parse(text).unwrap_err().kind;
        assert_eq!(kind("alphazero"), ErrorKind::UnknownAgent);
        assert_eq!(kind("mcts:fast"), ErrorKind::Syntax);
        assert_eq!(kind("mcts:=3"), ErrorKind::Syntax);
        assert_eq!(kind("random:simulations=3"), ErrorKind::UnknownOption);
        assert_eq!(kind("mcts:seed=1,seed=2"), ErrorKind::Repeated);
        assert_eq!(kind("mcts:simulations=1.5"), ErrorKind::WrongType);
        assert_eq!(kind("mcts:simulations=many"), ErrorKind::WrongType);
        assert_eq!(kind("mcts:algorithm=3"), ErrorKind::WrongType);
        assert_eq!(kind("mcts:simulations=0"), ErrorKind::OutOfRange);
        assert_eq!(kind("mcts:exploration=nan"), ErrorKind::OutOfRange);
        assert_eq!(kind("mcts:exploration=inf"), ErrorKind::OutOfRange);
        assert_eq!(kind("mcts:exploration=-0.5"), ErrorKind::OutOfRange);
        assert_eq!(kind("mcts:algorithm=uct"), ErrorKind::OutOfRange);
        assert_eq!(kind("mcts:simulations=4294967296"), ErrorKind::TooLarge);
        assert_eq!(kind("random:seed=-1"), ErrorKind::TooLarge);
        assert_eq!(
            kind("random:seed=99999999999999999999999999999999999999999999"),
            ErrorKind::TooLarge
        );
        let e = parse("mcts:simulations=0").unwrap_err().message;
        assert_eq!(
            e,
            "the mcts option simulations must be an integer from 1 to 4294967295, got 0"
        );
        let e = parse("mcts:speed=3").unwrap_err().message;
        assert!(e.contains("\"speed\""), "{e}");
        for o in &MCTS_OPTIONS {
            assert!(e.contains(&o.to_string()), "{e} lacks {o}");
        }
        assert!(
            e.contains("exploration (a finite number >= 0, default 1.0)"),
            "{e}"
        );
    }

    #[test]
    fn values_from_text() {
        assert_eq!(Value::from_text("-12"), Value::Int(-12));
        assert_eq!(Value::from_text("+3"), Value::Int(3));
        assert_eq!(Value::from_text("1e3"), Value::Float(1000.0));
        assert_eq!(Value::from_text("ismcts"), Value::Text("ismcts".into()));
        assert_eq!(Value::from_text(""), Value::Text(String::new()));
        assert_eq!(Value::from_text(&"9".repeat(50)), Value::Int(i128::MAX));
        assert_eq!(
            Value::from_text(&format!("-{}", "9".repeat(50))),
            Value::Int(i128::MIN)
        );
    }

    #[test]
    fn lists_of_agents_split_where_a_new_agent_starts() {
        assert_eq!(
            split_agents("mcts:simulations=200,exploration=2,random"),
            ["mcts:simulations=200,exploration=2", "random"]
        );
        assert_eq!(
            split_agents("mcts:simulations=20,mcts:simulations=10"),
            ["mcts:simulations=20", "mcts:simulations=10"]
        );
        assert_eq!(split_agents(" greedy , random "), ["greedy", "random"]);
    }
}
