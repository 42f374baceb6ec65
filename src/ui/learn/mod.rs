//! Learning: the lessons of every game (`#/learn…`), the Othello puzzles
//! (`#/puzzles…`) and teachers' sets. The pages draw what
//! [`learn`](crate::learn) decides; the data is fetched when a learning
//! page first opens.

mod answers;
mod data;
mod embedded;
mod home;
mod lesson;
mod lesson_board;
mod lesson_input;
mod lesson_play;
mod module;
mod progress_file;
mod puzzles;
mod solution_line;
mod stages;
mod teacher;

pub use home::LearnHome;
pub use lesson::LessonPage;
pub use module::{
    nim_lesson_frame_of, opok_lesson_frame_of, othello_lesson_frame_of, page_of, puzzle_frame_of,
    puzzles_of, rules_of, teacher_of,
};
pub use puzzles::{PuzzlePage, PuzzlesHome};
pub use stages::LearnStages;
pub use teacher::{ResultsPage, SetPage, TeacherPage};
